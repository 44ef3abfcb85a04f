import {
  ShippingPreview,
  ShippingQuote,
  ShippingRule,
  ShippingRuleList,
  type ApiClient,
  type ShippingPreviewRequest,
} from '@edicola/contracts';
import { z } from 'zod';
import { parsedBy } from './parsed';

const Deleted = z.object({ id: z.string() });
const id = (value: string) => encodeURIComponent(value);

export const shippingApi = (client: ApiClient) => ({
  rules: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/shipping/rules', { signal, check: parsedBy(ShippingRuleList) }),
  create: (rule: unknown) =>
    client.call('POST', '/api/admin/shipping/rules', { body: rule, check: parsedBy(ShippingRule) }),
  /** PUT /admin/shipping/rules/{id} (docs/product/http-routes.md#svc-orders). */
  update: (ruleId: string, rule: unknown) =>
    client.call('PUT', `/admin/shipping/rules/${id(ruleId)}`, { body: rule, check: parsedBy(ShippingRule) }),
  remove: (ruleId: string) =>
    client.call('DELETE', `/admin/shipping/rules/${id(ruleId)}`, { check: parsedBy(Deleted) }),
  /** The checkout's quote for a sample cart with the rule being edited in place. */
  preview: (request: ShippingPreviewRequest, signal?: AbortSignal) =>
    client.call('POST', '/api/admin/shipping/preview', {
      body: request,
      signal,
      check: parsedBy(ShippingPreview),
    }),
  /** GET /shipping/calculate: the quote the checkout will show for this cart. */
  quote: (query: { total_amount: number; quantity: number; country: string }, signal?: AbortSignal) =>
    client.call('GET', '/shipping/calculate', { query, signal, check: parsedBy(ShippingQuote) }),
});
