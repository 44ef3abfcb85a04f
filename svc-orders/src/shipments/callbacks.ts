import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { HttpError, type Logger } from '@edicola/platform';
import { shipments } from '../db/schema';
import { lockOrder, moveOrder, shopAudit } from '../orders/order-writer';
import { changeOrderStatus } from '../orders/status';
import type { PacklinkShipment } from './packlink-client';
import { requirePacklink, shipmentByReference, shipmentStateOf, type ShipmentDeps } from './shipments';

/**
 * Packlink's callback `{event, datetime, data: {shipment_reference, shipment_custom_reference}}`. Callbacks are
 * unsigned: only the reference is taken from the body, the shipment itself is fetched again from Packlink.
 */
export const PacklinkCallback = z.looseObject({
  event: z.string().max(100),
  datetime: z.string().max(100).nullish(),
  data: z.looseObject({
    shipment_reference: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
  }),
});

export type CallbackOutcome = 'ignored' | 'unchanged' | 'updated';

const INVALID_CALLBACK = 'Notifica Packlink non valida';

function parseCallback(raw: Buffer | string): z.infer<typeof PacklinkCallback> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw);
  } catch {
    throw new HttpError(400, INVALID_CALLBACK);
  }
  const parsed = PacklinkCallback.safeParse(json);
  if (!parsed.success) throw new HttpError(400, INVALID_CALLBACK);
  return parsed.data;
}

/** POST /webhooks/packlink and the demo fake's in-process deliveries. Idempotent: a repeat changes nothing. */
export async function handlePacklinkCallback(
  deps: ShipmentDeps,
  raw: Buffer | string,
): Promise<CallbackOutcome> {
  const callback = parseCallback(raw);
  const reference = callback.data.shipment_reference;
  const client = requirePacklink(deps);
  const row = await shipmentByReference(deps.database.db, reference);
  if (!row) {
    deps.logger.warn(
      { event: callback.event, packlink_reference: reference },
      'Packlink callback for an unknown shipment ignored',
    );
    return 'ignored';
  }
  const remote = await client.shipment(reference).catch((error: unknown) => {
    deps.logger.warn({ err: error, packlink_reference: reference }, 'Packlink shipment fetch failed');
    // Packlink retries its callback: answer an error so it comes again.
    throw new HttpError(503, 'Packlink non raggiungibile, riprovare');
  });
  if (!remote) {
    deps.logger.warn(
      { event: callback.event, packlink_reference: reference },
      'Packlink does not know the shipment of this callback: ignored',
    );
    return 'ignored';
  }
  return applyPacklinkShipment(deps, row.id, remote, deps.logger);
}

/**
 * Stores what Packlink says of a shipment (state, tracking number and link, on the shipment and the order's
 * packlink_data), then moves the order through the staff status change of
 * docs/product/orders-and-payments.md#transitions (its events and e-mails follow):
 * to shipped, with the tracking number, once the parcel is in transit; to delivered once Packlink says so.
 */
export async function applyPacklinkShipment(
  deps: ShipmentDeps,
  shipmentId: string,
  remote: PacklinkShipment,
  logger: Logger,
): Promise<CallbackOutcome> {
  const state = shipmentStateOf(remote.state);
  const tracking = remote.trackings?.find((t) => t.trim())?.trim() ?? null;
  const stored = await deps.database.db.transaction(async (tx) => {
    // The order first, then its shipment, as every other shipment transaction locks them (no deadlock).
    const [owner] = await tx
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    const order = await lockOrder(tx, owner!.orderId);
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    const trackingNumber = tracking ?? row!.trackingNumber;
    const changed =
      row!.state !== state || row!.trackingNumber !== trackingNumber || row!.packlinkState !== remote.state;
    if (changed) {
      await tx
        .update(shipments)
        .set({
          state,
          packlinkState: remote.state,
          trackingNumber,
          trackingUrl: remote.tracking_url ?? row!.trackingUrl,
          updatedAt: new Date(),
        })
        .where(eq(shipments.id, shipmentId));
    }
    const data = order!.packlinkData ?? {};
    if (trackingNumber && data.tracking_number !== trackingNumber) {
      await moveOrder(tx, deps.bus, order!, {
        at: new Date(),
        fields: {
          packlinkData: {
            ...data,
            tracking_number: trackingNumber,
            carrier_name: data.carrier_name ?? row!.carrierName,
          },
        },
      });
    }
    return { changed, orderId: order!.id, status: order!.status, trackingNumber };
  });

  let moved = false;
  const move = async (to: 'shipped' | 'delivered') => {
    try {
      await changeOrderStatus(
        deps.database,
        deps.bus,
        { orderId: stored.orderId, to, trackingNumber: stored.trackingNumber, staff: null },
        shopAudit(deps.bus),
      );
      moved = true;
    } catch (error) {
      // A staff change in between (cancelled, already moved): Packlink's word does not override it.
      if (!(error instanceof HttpError)) throw error;
      logger.warn({ err: error, order_id: stored.orderId, to }, 'order not moved by the Packlink callback');
    }
  };
  let status = stored.status;
  if ((state === 'in_transit' || state === 'delivered') && (status === 'paid' || status === 'confirmed')) {
    if (stored.trackingNumber) {
      await move('shipped');
      status = 'shipped';
    } else {
      logger.warn(
        { order_id: stored.orderId },
        'parcel in transit without a tracking number: order not moved',
      );
    }
  }
  if (state === 'delivered' && status === 'shipped') await move('delivered');
  return stored.changed || moved ? 'updated' : 'unchanged';
}
