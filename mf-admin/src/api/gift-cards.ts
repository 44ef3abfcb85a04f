import { GiftCard, GiftCardList, ROUTES, type GiftCardInput } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';
import type { z } from 'zod';

/** The back office's gift cards and store credit (docs/product/back-office.md#gift-cards). */
export const giftCardsApi = (client: ApiClient) => ({
  list: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/gift-cards'], { signal, schema: GiftCardList }),
  create: (input: z.input<typeof GiftCardInput>) =>
    client.call(ROUTES['POST /api/admin/gift-cards'], { body: input, schema: GiftCard }),
  ofCustomer: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/customers/:id/gift-cards'], {
      params: { id },
      signal,
      schema: GiftCardList,
    }),
});
