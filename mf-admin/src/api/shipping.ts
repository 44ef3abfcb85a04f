import {
  ShippingPreview,
  ShippingQuote,
  ShippingRule,
  ShippingRuleList,
  type ShippingPreviewRequest,
  ROUTES,
} from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';
import { z } from 'zod';

const Deleted = z.object({ id: z.string() });

export const shippingApi = (client: ApiClient) => ({
  rules: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/shipping/rules'], { signal, schema: ShippingRuleList }),
  create: (rule: unknown) =>
    client.call(ROUTES['POST /api/admin/shipping/rules'], { body: rule, schema: ShippingRule }),
  /** PUT /admin/shipping/rules/{id} (docs/product/http-routes.md#svc-orders). */
  update: (ruleId: string, rule: unknown) =>
    client.call(ROUTES['PUT /admin/shipping/rules/:id'], {
      params: { id: ruleId },
      body: rule,
      schema: ShippingRule,
    }),
  remove: (ruleId: string) =>
    client.call(ROUTES['DELETE /admin/shipping/rules/:id'], {
      params: { id: ruleId },
      schema: Deleted,
    }),
  /** The checkout's quote for a sample cart with the rule being edited in place. */
  preview: (request: ShippingPreviewRequest, signal?: AbortSignal) =>
    client.call(ROUTES['POST /api/admin/shipping/preview'], {
      body: request,
      signal,
      schema: ShippingPreview,
    }),
  /** GET /shipping/calculate: the quote the checkout will show for this cart. */
  quote: (query: { total_amount: number; quantity: number; country: string }, signal?: AbortSignal) =>
    client.call(ROUTES['GET /shipping/calculate'], { query, signal, schema: ShippingQuote }),
});
