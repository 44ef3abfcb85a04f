import { Discount, DiscountList, ROUTES, type DiscountInput } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';
import type { z } from 'zod';

/** The back office's discount codes (docs/product/back-office.md#discount-codes). */
export const discountsApi = (client: ApiClient) => ({
  list: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/discounts'], { signal, schema: DiscountList }),
  create: (input: z.input<typeof DiscountInput>) =>
    client.call(ROUTES['POST /api/admin/discounts'], { body: input, schema: Discount }),
  update: (id: string, input: z.input<typeof DiscountInput>) =>
    client.call(ROUTES['PUT /api/admin/discounts/:id'], { params: { id }, body: input, schema: Discount }),
  pause: (id: string, paused: boolean) =>
    client.call(
      ROUTES[paused ? 'POST /api/admin/discounts/:id/pause' : 'POST /api/admin/discounts/:id/resume'],
      {
        params: { id },
        schema: Discount,
      },
    ),
});
