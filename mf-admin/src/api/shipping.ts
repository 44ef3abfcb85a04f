import {
  ShippingPreview,
  ShippingQuote,
  ShippingRule,
  ShippingRuleList,
  type ShippingPreviewRequest,
} from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';
import { z } from 'zod';

const Deleted = z.object({ id: z.string() });
const id = (value: string) => encodeURIComponent(value);

export const shippingApi = (client: ApiClient) => ({
  rules: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/shipping/rules', { signal, schema: ShippingRuleList }),
  create: (rule: unknown) =>
    client.call('POST', '/api/admin/shipping/rules', { body: rule, schema: ShippingRule }),
  /** PUT /admin/shipping/rules/{id} (SPEC §7). */
  update: (ruleId: string, rule: unknown) =>
    client.call('PUT', `/admin/shipping/rules/${id(ruleId)}`, { body: rule, schema: ShippingRule }),
  remove: (ruleId: string) =>
    client.call('DELETE', `/admin/shipping/rules/${id(ruleId)}`, { schema: Deleted }),
  /** The checkout's quote for a sample cart with the rule being edited in place. */
  preview: (request: ShippingPreviewRequest, signal?: AbortSignal) =>
    client.call('POST', '/api/admin/shipping/preview', {
      body: request,
      signal,
      schema: ShippingPreview,
    }),
  /** GET /shipping/calculate: the quote the checkout will show for this cart. */
  quote: (query: { total_amount: number; quantity: number; country: string }, signal?: AbortSignal) =>
    client.call('GET', '/shipping/calculate', { query, signal, schema: ShippingQuote }),
});
