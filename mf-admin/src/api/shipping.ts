import {
  ShippingPreview,
  ShippingQuote,
  ShippingRule,
  ShippingRuleList,
  type ApiClient,
  type ShippingPreviewRequest,
  ROUTES,
} from '@edicola/contracts';
import { z } from 'zod';
import { parsedBy } from './parsed';

const Deleted = z.object({ id: z.string() });

export const shippingApi = (client: ApiClient) => ({
  rules: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/shipping/rules'], { signal, check: parsedBy(ShippingRuleList) }),
  create: (rule: unknown) =>
    client.call(ROUTES['POST /api/admin/shipping/rules'], { body: rule, check: parsedBy(ShippingRule) }),
  /** PUT /admin/shipping/rules/{id} (SPEC §7). */
  update: (ruleId: string, rule: unknown) =>
    client.call(ROUTES['PUT /admin/shipping/rules/:id'], {
      params: { id: ruleId },
      body: rule,
      check: parsedBy(ShippingRule),
    }),
  remove: (ruleId: string) =>
    client.call(ROUTES['DELETE /admin/shipping/rules/:id'], {
      params: { id: ruleId },
      check: parsedBy(Deleted),
    }),
  /** The checkout's quote for a sample cart with the rule being edited in place. */
  preview: (request: ShippingPreviewRequest, signal?: AbortSignal) =>
    client.call(ROUTES['POST /api/admin/shipping/preview'], {
      body: request,
      signal,
      check: parsedBy(ShippingPreview),
    }),
  /** GET /shipping/calculate: the quote the checkout will show for this cart. */
  quote: (query: { total_amount: number; quantity: number; country: string }, signal?: AbortSignal) =>
    client.call(ROUTES['GET /shipping/calculate'], { query, signal, check: parsedBy(ShippingQuote) }),
});
