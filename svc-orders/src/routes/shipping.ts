import type { Response, Router } from 'express';
import {
  endpoint,
  ShippingRuleInput,
  ShippingRuleParams,
  centsToEuros,
  eurosToCents,
  type ShippingPreview,
  type ShippingQuote,
  type ShippingRule,
  type ShippingRuleDeleted,
} from '@edicola/contracts';
import { auditBy, type Db, type EventBus, type TokenVerifier, routeServer } from '@edicola/platform';
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
  const serve = routeServer(router, options.verifier);
  const { db } = options;

  serve(endpoint('GET /shipping/calculate'), async ({ query }): Promise<ShippingQuote> => {
    const quote = quoteShipping(
      await activeShippingRules(db),
      query.country,
      eurosToCents(query.total_amount),
      query.quantity,
    );
    return { shipping_cost: centsToEuros(quote.cents), zone: quote.zone, country: query.country };
  });

  serve(endpoint('GET /api/admin/shipping/rules'), (): Promise<ShippingRule[]> => listShippingRules(db));

  // The rule dialog's preview: the checkout's own quote, with the draft rule in place of the saved one.
  serve(endpoint('POST /api/admin/shipping/preview'), async ({ body }): Promise<ShippingPreview> => {
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
  });

  serve(endpoint('POST /api/admin/shipping/rules'), async ({ body }, _req, res): Promise<ShippingRule> => {
    const rule = await createShippingRule(db, body, auditBy(options.bus, res));
    res.status(201);
    return rule;
  });

  const update = (
    { params, body }: { params: ShippingRuleParams; body: ShippingRuleInput },
    _req: unknown,
    res: Response,
  ): Promise<ShippingRule> => updateShippingRule(db, params.id, body, auditBy(options.bus, res));
  serve(endpoint('PUT /admin/shipping/rules/:id'), update);
  serve(endpoint('PUT /api/admin/shipping/rules/:id'), update);

  const remove = async (
    { params }: { params: ShippingRuleParams },
    _req: unknown,
    res: Response,
  ): Promise<ShippingRuleDeleted> => {
    await deleteShippingRule(db, params.id, auditBy(options.bus, res));
    return { message: 'Regola eliminata con successo!', id: params.id };
  };
  serve(endpoint('DELETE /admin/shipping/rules/:id'), remove);
  serve(endpoint('DELETE /api/admin/shipping/rules/:id'), remove);
}
