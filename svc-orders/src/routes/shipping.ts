import type { Router } from 'express';
import {
  ADMIN_ONLY,
  ANY_STAFF,
  ShippingPreviewRequest,
  ShippingQuoteQuery,
  ShippingRuleInput,
  ShippingRuleParams,
  centsToEuros,
  eurosToCents,
  type ShippingPreview,
  type ShippingQuote,
  type ShippingRule,
} from '@edicola/contracts';
import { auditBy, handle, requireAuth, type Db, type EventBus, type TokenVerifier } from '@edicola/platform';
import { quoteShipping } from '../shipping/quote';
import {
  activeShippingRules,
  createShippingRule,
  deleteShippingRule,
  listShippingRules,
  toColumns,
  updateShippingRule,
} from '../shipping/rules';

/** The public quote and the staff's shipping rules (docs/product/http-routes.md#svc-orders: PUT and DELETE
 * without /api; both paths are served). */
export function shippingRoutes(router: Router, options: { db: Db; verifier: TokenVerifier; bus: EventBus }) {
  const { db } = options;
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ANY_STAFF });
  const adminOnly = requireAuth(options.verifier, { kind: 'staff', roles: ADMIN_ONLY });

  router.get(
    '/shipping/calculate',
    handle({ query: ShippingQuoteQuery }, async ({ query }): Promise<ShippingQuote> => {
      const quote = quoteShipping(
        await activeShippingRules(db),
        query.country,
        eurosToCents(query.total_amount),
        query.quantity,
      );
      return { shipping_cost: centsToEuros(quote.cents), zone: quote.zone, country: query.country };
    }),
  );

  router.get(
    '/api/admin/shipping/rules',
    staffOnly,
    handle({}, (): Promise<ShippingRule[]> => listShippingRules(db)),
  );

  // The rule dialog's preview: the checkout's own quote, with the draft rule in place of the saved one.
  router.post(
    '/api/admin/shipping/preview',
    staffOnly,
    handle({ body: ShippingPreviewRequest }, async ({ body }): Promise<ShippingPreview> => {
      const active = await activeShippingRules(db);
      const others = active.filter((rule) => rule.id !== body.rule_id);
      const cents = eurosToCents(body.total_amount);
      const draft = quoteShipping([...others, toColumns(body.rule)], body.country, cents, body.quantity);
      const current = quoteShipping(active, body.country, cents, body.quantity);
      return {
        shipping_cost: centsToEuros(draft.cents),
        current_shipping_cost: centsToEuros(current.cents),
        zone: draft.zone,
        country: body.country,
      };
    }),
  );

  router.post(
    '/api/admin/shipping/rules',
    adminOnly,
    handle({ body: ShippingRuleInput }, async ({ body }, _req, res): Promise<ShippingRule> => {
      const rule = await createShippingRule(db, body, auditBy(options.bus, res));
      res.status(201);
      return rule;
    }),
  );

  router.put(
    ['/admin/shipping/rules/:id', '/api/admin/shipping/rules/:id'],
    adminOnly,
    handle(
      { params: ShippingRuleParams, body: ShippingRuleInput },
      ({ params, body }, _req, res): Promise<ShippingRule> =>
        updateShippingRule(db, params.id, body, auditBy(options.bus, res)),
    ),
  );

  router.delete(
    ['/admin/shipping/rules/:id', '/api/admin/shipping/rules/:id'],
    adminOnly,
    handle({ params: ShippingRuleParams }, async ({ params }, _req, res) => {
      await deleteShippingRule(db, params.id, auditBy(options.bus, res));
      return { message: 'Regola eliminata con successo!', id: params.id };
    }),
  );
}
