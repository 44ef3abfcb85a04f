import { z } from 'zod';

/** Order statuses of SPEC §4. */
export const OrderStatus = z.enum(['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderLine = z.object({ article_id: z.string(), quantity: z.number().int().positive() });
export type OrderLine = z.infer<typeof OrderLine>;
