import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  eurosToCents,
  ORDER_STATUS_LABELS,
  type CreateShipmentResponse,
  type OrderStatus,
  type ShipmentQuote,
  type ShipmentQuotes,
  type ShipmentState,
} from '@edicola/contracts';
import {
  conflict,
  HttpError,
  notFound,
  type Audit,
  type Database,
  type Db,
  type EventBus,
  type InternalClient,
  type Logger,
} from '@edicola/platform';
import { orderRecords, shipments } from '../db/schema';
import { lockOrder, moveOrder } from '../orders/order-writer';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { SHIPMENTS_OFF_DETAIL, type ShipmentsMode } from './mode';
import {
  packlinkHttpError,
  type PacklinkAddress,
  type PacklinkClient,
  type PacklinkService,
} from './packlink-client';
import { bodilessChoice, defaultCarrier } from './default-carrier';
import { articleParcelInfo, parcelOf } from './parcel';

type OrderRow = typeof orderRecords.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

export interface ShipmentDeps {
  database: Database;
  bus: EventBus;
  internal: InternalClient;
  logger: Logger;
  mode: ShipmentsMode;
  /** null when shipments are off (live mode without a key). */
  packlink: PacklinkClient | null;
  /** The shop's address on every label. */
  sender: PacklinkAddress;
  /** How long a `creating` claim may last before it is swept (longer than the Packlink call's timeout). */
  claimMs: number;
}

/** docs/product/orders-and-payments.md#shipments: a shipment for confirmed or paid orders only. */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'paid'];
export const SHIPMENT_EXISTS_DETAIL = "L'ordine ha già una spedizione";
export const SHIPMENT_IN_PROGRESS_DETAIL =
  'La spedizione di questo ordine è già in creazione: attendere qualche secondo';
export const SERVICE_UNAVAILABLE_DETAIL = 'Servizio di spedizione non disponibile per questo pacco';
export const SHIPMENT_NOT_FOUND = 'Spedizione non trovata';
export const CREATE_FAILED_DETAIL = 'Errore nella creazione della spedizione';
export const SWEPT_DETAIL = 'Creazione interrotta prima della risposta di Packlink';

export const notShippableDetail = (status: OrderStatus) =>
  `Si può creare una spedizione solo per ordini confermati o pagati (questo ordine è ${ORDER_STATUS_LABELS[status]})`;

export function requirePacklink(deps: ShipmentDeps): PacklinkClient {
  if (deps.mode === 'off' || !deps.packlink) throw new HttpError(503, SHIPMENTS_OFF_DETAIL);
  return deps.packlink;
}

/** Packlink's state words as the shop shows them (contracts' ShipmentState). */
export function shipmentStateOf(packlinkState: string): ShipmentState {
  switch (packlinkState.toUpperCase()) {
    case 'READY_TO_PRINT':
    case 'READY_FOR_COLLECTION':
    case 'CARRIER_OK':
    case 'LABELS_READY':
      return 'ready';
    case 'IN_TRANSIT':
    case 'COLLECTED':
    case 'OUT_FOR_DELIVERY':
      return 'in_transit';
    case 'DELIVERED':
      return 'delivered';
    case 'CANCELED':
    case 'CANCELLED':
      return 'cancelled';
    case 'INCIDENT':
    case 'RETURNED_TO_SENDER':
    case 'CARRIER_KO':
      return 'incident';
    default:
      // AWAITING_COMPLETION, READY_TO_PURCHASE, READY_FOR_SHIPPING, ...: not bought yet.
      return 'draft';
  }
}

async function loadOrder(db: Db, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

function assertShippable(order: OrderRow) {
  if (order.packlinkShipmentId) throw conflict(SHIPMENT_EXISTS_DETAIL);
  if (!SHIPPABLE_STATUSES.includes(order.status)) throw conflict(notShippableDetail(order.status));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The customer as Packlink's `to`: Packlink wants a name and a surname. */
export function recipientOf(order: OrderRow): PacklinkAddress {
  const info = order.customerInfo;
  const [first, ...rest] = text(info.name).split(/\s+/);
  return {
    name: first || '-',
    surname: rest.join(' ') || '-',
    street1: text(info.address),
    zip_code: text(info.zipCode),
    city: text(info.city),
    country: text(info.country) || order.shippingCountry,
    phone: text(info.phone),
    email: text(info.email),
  };
}

function transitDays(service: PacklinkService): number | null {
  const hours = Number(service.transit_hours);
  if (Number.isFinite(hours) && hours > 0) return Math.ceil(hours / 24);
  const days = /(\d+)/.exec(service.transit_time ?? '')?.[1];
  return days ? Number(days) : null;
}

/** The parcel of an order and Packlink's services for it (no transaction: svc-catalog and Packlink are called). */
async function quote(deps: ShipmentDeps, order: OrderRow) {
  const client = requirePacklink(deps);
  const info = await articleParcelInfo(
    deps.internal,
    order.items.map((line) => line.article_id),
    deps.logger,
  );
  const parcel = parcelOf(order.items, info);
  const to = recipientOf(order);
  const packages = [
    { weight: parcel.weight_kg, length: parcel.length_cm, width: parcel.width_cm, height: parcel.height_cm },
  ];
  let services: PacklinkService[];
  try {
    services = await client.services({
      from: { country: deps.sender.country, zip: deps.sender.zip_code },
      to: { country: to.country, zip: to.zip_code },
      packages,
    });
  } catch (error) {
    deps.logger.warn({ err: error, order_id: order.id }, 'Packlink quotes failed');
    throw packlinkHttpError(error, 'Errore nel calcolo delle tariffe di spedizione');
  }
  const quotes: ShipmentQuote[] = services
    .map((s) => ({
      service_id: s.id,
      carrier_name: s.carrier_name,
      service_name: s.name,
      price: Math.round(s.price.total_price * 100) / 100,
      transit_days: transitDays(s),
    }))
    .sort((a, b) => a.price - b.price);
  return { parcel, quotes, packages, to };
}

/** GET /api/orders/{id}/shipment-quotes: only for an order that may get a shipment. */
export async function shipmentQuotes(deps: ShipmentDeps, orderId: string): Promise<ShipmentQuotes> {
  requirePacklink(deps);
  const order = await loadOrder(deps.database.db, orderId);
  assertShippable(order);
  const { parcel, quotes } = await quote(deps, order);
  return { parcel, quotes, demo: deps.mode === 'demo' };
}

/**
 * Claims the order's shipment: in one transaction with the order row locked, checks
 * docs/product/orders-and-payments.md#shipments (confirmed or paid,
 * no shipment yet) and writes (or takes over) its `creating` row with this request as owner and a deadline. A
 * live claim of another request is a 409: two clicks make one Packlink shipment.
 */
async function claim(
  deps: ShipmentDeps,
  orderId: string,
  chosen: ShipmentQuote,
  staff: { id: string; username: string },
): Promise<{ id: string; owner: string }> {
  const owner = randomUUID();
  const now = new Date();
  const deadline = new Date(now.getTime() + deps.claimMs);
  return deps.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertShippable(order);
    const fields = {
      state: 'creating',
      claimOwner: owner,
      claimDeadline: deadline,
      serviceId: chosen.service_id,
      carrierName: chosen.carrier_name,
      serviceName: chosen.service_name,
      priceCents: eurosToCents(chosen.price),
      demo: deps.mode === 'demo',
      error: null,
      createdById: staff.id,
      createdBy: staff.username,
      updatedAt: now,
    };
    const [existing] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
    if (existing) {
      if (existing.packlinkReference) throw conflict(SHIPMENT_EXISTS_DETAIL);
      if (existing.state === 'creating' && existing.claimDeadline && existing.claimDeadline > now) {
        throw conflict(SHIPMENT_IN_PROGRESS_DETAIL);
      }
      // A failed attempt, or a claim whose request died: this request takes it over.
      await tx.update(shipments).set(fields).where(eq(shipments.id, existing.id));
      return { id: existing.id, owner };
    }
    const [row] = await tx
      .insert(shipments)
      .values({ orderId, ...fields })
      .returning({ id: shipments.id });
    return { id: row!.id, owner };
  });
}

/**
 * POST /api/orders/{id}/create-shipment: the chosen service among the order's quotes (without one, the default
 * carrier's cheapest or the cheapest, default-carrier.ts); the claim is committed,
 * Packlink is called (no transaction open), then Packlink's reference is recorded on the shipment and the order
 * (packlink_shipment_id, packlink_data) with its audit entry. A Packlink failure marks the claim failed (staff may
 * try again) and answers 502.
 */
export async function createShipment(
  deps: ShipmentDeps,
  orderId: string,
  serviceId: string | undefined,
  staff: { id: string; username: string },
  audit?: Audit,
): Promise<CreateShipmentResponse> {
  const client = requirePacklink(deps);
  const order = await loadOrder(deps.database.db, orderId);
  assertShippable(order);
  const { quotes, packages, to } = await quote(deps, order);
  const chosen =
    serviceId === undefined
      ? bodilessChoice(quotes, (await defaultCarrier(deps.database.db)).carrier_name)
      : quotes.find((q) => q.service_id === serviceId);
  if (!chosen) throw new HttpError(422, SERVICE_UNAVAILABLE_DETAIL);
  const claimed = await claim(deps, orderId, chosen, staff);

  let reference: string;
  try {
    const contentValue = order.items.reduce((sum, line) => sum + (line.line_total_cents ?? 0), 0) / 100;
    ({ reference } = await client.createShipment({
      service_id: chosen.service_id,
      content: 'Riviste e articoli da collezione',
      contentvalue: contentValue,
      shipment_custom_reference: order.id,
      from: deps.sender,
      to,
      packages,
    }));
  } catch (error) {
    deps.logger.warn({ err: error, order_id: orderId }, 'Packlink shipment creation failed');
    await deps.database.db
      .update(shipments)
      .set({ state: 'failed', error: String((error as Error).message).slice(0, 500), updatedAt: new Date() })
      .where(and(eq(shipments.id, claimed.id), eq(shipments.claimOwner, claimed.owner)));
    throw packlinkHttpError(error, CREATE_FAILED_DETAIL);
  }

  const recorded = await deps.database.db.transaction(async (tx) => {
    const now = new Date();
    // The order first, then its shipment: the order the claim takes its locks in, so two requests never wait on
    // each other (PostgreSQL would end one of them as a deadlock).
    const current = await lockOrder(tx, orderId);
    const [row] = await tx
      .update(shipments)
      .set({
        state: 'draft',
        packlinkReference: reference,
        packlinkState: 'AWAITING_COMPLETION',
        claimOwner: null,
        claimDeadline: null,
        error: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(shipments.id, claimed.id),
          eq(shipments.claimOwner, claimed.owner),
          sql`${shipments.packlinkReference} is null`,
        ),
      )
      .returning();
    if (!row) return null;
    const packlinkData = { tracking_number: null, carrier_name: chosen.carrier_name };
    await moveOrder(tx, deps.bus, current!, {
      at: now,
      by: staff,
      fields: { packlinkShipmentId: reference, packlinkData },
      ...(audit && {
        audit: {
          to: audit,
          entry: () => ({
            entity: 'order',
            entity_id: orderId,
            action: 'shipment_created',
            changes: {
              packlink_shipment_id: { from: null, to: reference },
              carrier_name: { from: null, to: chosen.carrier_name },
              shipping_service: { from: null, to: `${chosen.carrier_name} ${chosen.service_name}` },
              shipping_price: { from: null, to: chosen.price },
            },
          }),
        },
      }),
    });
    return row;
  });
  if (!recorded) {
    // Another request took the claim over after this one's deadline: Packlink holds an unused draft.
    deps.logger.error(
      { order_id: orderId, packlink_reference: reference },
      'Packlink draft created after its claim was taken over: delete it in Packlink PRO',
    );
    throw conflict(SHIPMENT_IN_PROGRESS_DETAIL);
  }
  return {
    shipment_id: reference,
    tracking_number: recorded.trackingNumber,
    carrier_name: recorded.carrierName,
    state: recorded.state as ShipmentState,
    demo: recorded.demo,
  };
}

/** Claims whose request died (past their deadline) become `failed`: the next click tries again. */
export async function sweepShipmentClaims(db: Db, now = new Date()): Promise<number> {
  const swept = await db
    .update(shipments)
    .set({ state: 'failed', error: SWEPT_DETAIL, updatedAt: now })
    .where(and(eq(shipments.state, 'creating'), lt(shipments.claimDeadline, now)))
    .returning({ id: shipments.id });
  return swept.length;
}

export async function shipmentByReference(db: Db, reference: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.packlinkReference, reference));
  return row ?? null;
}
