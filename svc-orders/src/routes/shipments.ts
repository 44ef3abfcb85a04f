import type { Response, Router } from 'express';
import {
  endpoint,
  type CreateShipmentResponse,
  type DefaultCarrier,
  type ShipmentQuotes,
} from '@edicola/contracts';
import { auditBy, authOf, badRequest, notFound, type TokenVerifier, routeServer } from '@edicola/platform';
import { eq } from 'drizzle-orm';
import { orderRecords } from '../db/schema';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { handlePacklinkCallback } from '../shipments/callbacks';
import { defaultCarrier, saveDefaultCarrier } from '../shipments/default-carrier';
import { mergedLabels, shipmentLabel } from '../shipments/labels';
import { packingSlipPdf } from '../shipments/packing-slip';
import { createShipment, shipmentQuotes, type ShipmentDeps } from '../shipments/shipments';

function sendPdf(res: Response, pdf: Buffer, filename: string) {
  res
    .status(200)
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .set('Cache-Control', 'no-store')
    .send(pdf);
}

/**
 * Packlink PRO shipments (docs/product/orders-and-payments.md#shipments): quotes, creation, labels, packing
 * slips and Packlink's callbacks.
 */
export function shipmentRoutes(router: Router, deps: ShipmentDeps, verifier: TokenVerifier) {
  const serve = routeServer(router, verifier);
  const db = deps.database.db;

  serve(endpoint('GET /api/orders/:id/shipment-quotes'), ({ params }): Promise<ShipmentQuotes> =>
    shipmentQuotes(deps, params.id),
  );

  serve(
    endpoint('POST /api/orders/:id/create-shipment'),
    async ({ params, body }, _req, res): Promise<CreateShipmentResponse> => {
      const staff = authOf(res);
      const answer = await createShipment(
        deps,
        params.id,
        body.service_id,
        { id: staff.sub, username: staff.name },
        auditBy(deps.bus, res),
      );
      res.status(201);
      return answer;
    },
  );

  serve(endpoint('GET /api/admin/shipping/default-carrier'), (): Promise<DefaultCarrier> =>
    defaultCarrier(db),
  );

  serve(endpoint('PUT /api/admin/shipping/default-carrier'), ({ body }, _req, res): Promise<DefaultCarrier> =>
    saveDefaultCarrier(deps.database, body, auditBy(deps.bus, res)),
  );

  serve(endpoint('GET /api/shipments/:id/label'), async ({ params }, _req, res) => {
    sendPdf(res, await shipmentLabel(deps, params.id), `etichetta-${params.id}.pdf`);
  });

  serve(endpoint('POST /api/shipments/labels'), async ({ body }, _req, res) => {
    sendPdf(res, await mergedLabels(deps, body.order_ids), 'etichette.pdf');
  });

  serve(endpoint('GET /api/orders/:id/packing-slip.pdf'), async ({ params }, _req, res) => {
    const [order] = await db.select().from(orderRecords).where(eq(orderRecords.id, params.id));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    sendPdf(res, await packingSlipPdf(order), `distinta-${order.id.slice(-8)}.pdf`);
  });

  // Packlink's callbacks: unsigned, so only the shipment reference is read and the shipment fetched again. An
  // unknown shipment gets the same answer as a known one (nothing is revealed), and is logged.
  serve(endpoint('POST /webhooks/packlink'), async (_input, req, res) => {
    if (!Buffer.isBuffer(req.body)) throw badRequest('Corpo della notifica mancante');
    await handlePacklinkCallback(deps, req.body);
    res.status(204).end();
  });
}
