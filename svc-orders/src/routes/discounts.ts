import type { RequestHandler, Router } from 'express';
import {
  centsToEuros,
  DISCOUNT_DETAILS,
  endpoint,
  type Discount,
  type DiscountCheckResponse,
  type DiscountList,
} from '@edicola/contracts';
import {
  auditBy,
  routeServer,
  type Db,
  type EventBus,
  type InternalClient,
  type TokenVerifier,
} from '@edicola/platform';
import { createDiscount, listDiscounts, pauseDiscount, updateDiscount } from '../discounts/codes';
import { cartLines, discountOf } from '../discounts/pricing';
import { refuseCode } from '../discounts/rules';
import { mergeLines, priceLines } from '../orders/pricing';

/** The back office's discount codes and the cart's preview (docs/product/cart-and-checkout.md#discount-codes). */
export function discountRoutes(
  router: Router,
  options: {
    db: Db;
    verifier: TokenVerifier;
    bus: EventBus;
    internal: InternalClient;
    /** The per-address limit of the preview: a code is a small secret, nobody may try them by the thousand. */
    checkLimit: RequestHandler;
  },
) {
  const serve = routeServer(router, options.verifier);
  const { db } = options;

  serve(endpoint('GET /api/admin/discounts'), (): Promise<DiscountList> => listDiscounts(db));

  serve(endpoint('POST /api/admin/discounts'), async ({ body }, _req, res): Promise<Discount> => {
    const discount = await createDiscount(db, body, auditBy(options.bus, res));
    res.status(201);
    return discount;
  });

  serve(endpoint('PUT /api/admin/discounts/:id'), ({ params, body }, _req, res): Promise<Discount> =>
    updateDiscount(db, params.id, body, auditBy(options.bus, res)),
  );
  serve(endpoint('POST /api/admin/discounts/:id/pause'), ({ params }, _req, res): Promise<Discount> =>
    pauseDiscount(db, params.id, true, auditBy(options.bus, res)),
  );
  serve(endpoint('POST /api/admin/discounts/:id/resume'), ({ params }, _req, res): Promise<Discount> =>
    pauseDiscount(db, params.id, false, auditBy(options.bus, res)),
  );

  // The cart's preview: the lines priced by svc-catalog now, every rule checked, no use taken.
  serve(
    endpoint('POST /public/discounts/check'),
    [options.checkLimit],
    async ({ body }): Promise<DiscountCheckResponse> => {
      const reserved = await cartLines(options.internal, mergeLines(body.lines));
      if (reserved.length === 0) throw refuseCode(DISCOUNT_DETAILS.notApplicable);
      const { lines, subtotalCents } = priceLines(reserved);
      const { code, applied } = await discountOf(db, body.code, lines, reserved, body.email, new Date());
      return {
        code: code.code,
        kind: code.kind,
        discount_amount: centsToEuros(applied.linesCents),
        free_shipping: applied.freeShipping,
        subtotal_amount: centsToEuros(subtotalCents),
        discounted_subtotal: centsToEuros(subtotalCents - applied.linesCents),
        lines: lines.map((line) => ({
          article_id: line.article_id,
          discount: centsToEuros(line.discount_cents ?? 0),
        })),
      };
    },
  );
}
