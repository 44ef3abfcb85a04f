import type { Router } from 'express';
import {
  ShippingQuoteQuery,
  ShippingRuleInput,
  ShippingRuleParams,
  centsToEuros,
  eurosToCents,
  type ShippingQuote,
  type ShippingRule,
} from '@edicola/contracts';
import { handle, requireAuth, type Db, type TokenVerifier } from '@edicola/platform';
import { quoteShipping } from '../shipping/quote';
import {
  activeShippingRules,
  createShippingRule,
  deleteShippingRule,
  listShippingRules,
  updateShippingRule,
} from '../shipping/rules';

/** The public quote and the staff's shipping rules (SPEC §7 lists PUT and DELETE
 * without /api; both paths are served). */
export function shippingRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  const { db } = options;
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ['admin', 'staff'] });

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

  router.post(
    '/api/admin/shipping/rules',
    staffOnly,
    handle({ body: ShippingRuleInput }, async ({ body }, _req, res): Promise<ShippingRule> => {
      const rule = await createShippingRule(db, body);
      res.status(201);
      return rule;
    }),
  );

  router.put(
    ['/admin/shipping/rules/:id', '/api/admin/shipping/rules/:id'],
    staffOnly,
    handle(
      { params: ShippingRuleParams, body: ShippingRuleInput },
      ({ params, body }): Promise<ShippingRule> => updateShippingRule(db, params.id, body),
    ),
  );

  router.delete(
    ['/admin/shipping/rules/:id', '/api/admin/shipping/rules/:id'],
    staffOnly,
    handle({ params: ShippingRuleParams }, async ({ params }) => {
      await deleteShippingRule(db, params.id);
      return { message: 'Regola eliminata con successo!', id: params.id };
    }),
  );
}
