import type { Response, Router } from 'express';
import {
  endpoint,
  LABELS_MISSING_HEADER,
  type BulkOrderResults,
  type OrderChanges,
} from '@edicola/contracts';
import { auditBy, authOf, type TokenVerifier, routeServer } from '@edicola/platform';
import { requireShopFiscal, type ShopFiscalState } from '../invoices/shop-fiscal';
import { confirmOrders, invoiceOrders, shipOrders, type BulkWork } from '../orders/bulk';
import { ordersVersion } from '../orders/changes';
import { labelsAndSlips } from '../shipments/labels';
import type { ShipmentDeps } from '../shipments/shipments';

export interface OrderWorkOptions {
  shipping: ShipmentDeps;
  shopFiscal: ShopFiscalState;
  verifier: TokenVerifier;
}

/**
 * The Ordini list's own work (docs/product/back-office.md#bulk-actions): whether anything changed since the list
 * was read, and the bulk actions on the chosen orders, each answering one result per order. Registered before
 * GET /api/orders/{id}, which would take `changes` for an id.
 */
export function orderWorkRoutes(router: Router, options: OrderWorkOptions) {
  const serve = routeServer(router, options.verifier);
  const { database, bus, logger } = options.shipping;
  const workOf = (res: Response): BulkWork => {
    const staff = authOf(res);
    return {
      database,
      bus,
      logger,
      staff: { id: staff.sub, username: staff.name, role: staff.role },
      audit: auditBy(bus, res),
    };
  };

  serve(endpoint('GET /api/orders/changes'), async (_input, _req, res): Promise<OrderChanges> => {
    res.set('Cache-Control', 'no-store');
    return { version: await ordersVersion(database.db) };
  });

  serve(
    endpoint('POST /api/orders/bulk/confirm'),
    async ({ body }, _req, res): Promise<BulkOrderResults> => ({
      results: await confirmOrders(workOf(res), body.order_ids),
    }),
  );

  serve(endpoint('POST /api/orders/bulk/ship'), async ({ body }, _req, res): Promise<BulkOrderResults> => ({
    results: await shipOrders(workOf(res), body.orders),
  }));

  serve(endpoint('POST /api/orders/bulk/invoice'), async ({ body }, _req, res): Promise<BulkOrderResults> => {
    requireShopFiscal(options.shopFiscal);
    return { results: await invoiceOrders(workOf(res), body.order_ids) };
  });

  serve(endpoint('POST /api/orders/bulk/print'), async ({ body }, _req, res) => {
    const { pdf, missing } = await labelsAndSlips(options.shipping, body.order_ids);
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', 'attachment; filename="etichette-e-distinte.pdf"')
      .set('Cache-Control', 'no-store')
      .set(LABELS_MISSING_HEADER, missing.join(', '))
      .send(pdf);
  });
}
