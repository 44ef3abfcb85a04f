import { z } from 'zod';

/** Order statuses of SPEC §4 (its own module: customers.ts and orders.ts both need it). */
export const OrderStatus = z.enum(['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;
