import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  GIFT_CARD_DETAILS,
  grossCents,
  PRICE_CHANGE_ROLES,
  type CounterSaleInput,
  type StaffRole,
} from '@edicola/contracts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  requestFingerprint,
  type Database,
  type EventBus,
  type IdempotencyKeys,
  type InternalClient,
  type Jobs,
  type Logger,
} from '@edicola/platform';
import { counterSales, orderRecords, type StoredCounterPayment, type StoredPriceChange } from '../db/schema';
import { createOrder, moveOrder, lockOrder } from '../orders/order-writer';
import {
  closePlacement,
  dropPlacement,
  holdPlacement,
  isRefusal,
  PlacementGone,
  undoPlacement,
} from '../stock/placements';
import { articlesByEan, checkReservation, reserveStock } from '../stock/reservations';
import { scorporo } from '../invoices/document';
import { redeem, usableCard } from '../gift-cards/cards';
import { changeDue, counterPaymentMethod } from './amounts';
import type { CounterPrinting } from './printing';

export interface Cashier {
  id: string;
  username: string;
  role: StaffRole;
}

export interface CounterDeps {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  internal: InternalClient;
  logger: Logger;
  keys: IdempotencyKeys;
  placementTimeoutMs: number;
  printing: CounterPrinting;
}

export const PRICE_CHANGE_FORBIDDEN_DETAIL =
  'Solo lo staff e gli amministratori possono cambiare un prezzo al banco';
export const SAME_ARTICLE_TWO_PRICES_DETAIL =
  'Lo stesso articolo compare con due prezzi diversi: uniscili in una riga';

interface WantedLine {
  article_id: string;
  quantity: number;
  priceCents?: number;
  reason?: string;
}

/** The article ids of lines given by EAN, from svc-catalog; an unknown code is a 404 naming it. */
async function resolveEans(
  internal: InternalClient,
  request: CounterSaleInput,
): Promise<Map<string, string>> {
  const eans = [...new Set(request.lines.flatMap((line) => (line.ean ? [line.ean] : [])))];
  if (eans.length === 0) return new Map();
  const byEan = await articlesByEan(internal, eans);
  const unknown = eans.filter((ean) => !byEan.has(ean));
  if (unknown.length > 0) throw notFound(`Nessun articolo con il codice EAN ${unknown.join(', ')}`);
  return byEan;
}

/** One line per article (a scanner adds the same piece twice); a price change must be the same on each. */
function mergeCounterLines(request: CounterSaleInput, byEan: Map<string, string>): WantedLine[] {
  const merged = new Map<string, WantedLine>();
  for (const line of request.lines) {
    const id = line.article_id ?? byEan.get(line.ean!)!;
    const priceCents = line.unit_price === undefined ? undefined : Math.round(line.unit_price * 100);
    const earlier = merged.get(id);
    if (!earlier) {
      merged.set(id, { article_id: id, quantity: line.quantity, priceCents, reason: line.price_reason });
      continue;
    }
    if (earlier.priceCents !== priceCents) throw new HttpError(422, SAME_ARTICLE_TWO_PRICES_DETAIL);
    earlier.quantity += line.quantity;
  }
  return [...merged.values()];
}

function storedPayments(request: CounterSaleInput): StoredCounterPayment[] {
  return request.payments.map((p) => ({
    method: p.method,
    amount_cents: Math.round(p.amount * 100),
    ...(p.method === 'gift_card' && p.code ? { code: p.code } : {}),
  }));
}

/**
 * POST /api/pos/sales (docs/product/counter.md#counter-sale). The units are taken the way a web order takes them
 * (a placement with a deadline, then svc-catalog's atomic reservation under the sale's id), the lines priced from
 * the reservation's snapshot, the payments checked; then the order (channel `counter`) and its counter row are
 * stored with the print job in one transaction that closes the placement. With RT_MODE off the sale is final at
 * once. An Idempotency-Key binds the sale's id: a repeat answers the same sale. Answers the sale's id.
 */
export async function createCounterSale(
  deps: CounterDeps,
  request: CounterSaleInput,
  cashier: Cashier,
  key: string | null,
): Promise<string> {
  if (request.lines.some((line) => line.unit_price !== undefined)) {
    if (!(PRICE_CHANGE_ROLES as readonly string[]).includes(cashier.role))
      throw forbidden(PRICE_CHANGE_FORBIDDEN_DETAIL);
  }
  const db = deps.database.db;
  if (!key) return placeCounterSale(deps, request, cashier, randomUUID());
  const idempotency = { scope: `staff:${cashier.id}`, key, fingerprint: requestFingerprint(request) };
  const claim = await deps.keys.claim(db, idempotency, () => randomUUID());
  const stored = async () =>
    (
      await db
        .select({ id: counterSales.orderId })
        .from(counterSales)
        .where(eq(counterSales.orderId, claim.resourceId))
    )[0];
  if (await stored()) {
    if (claim.kind !== 'done') await deps.keys.complete(db, idempotency);
    return claim.resourceId;
  }
  try {
    const id = await placeCounterSale(deps, request, cashier, claim.resourceId);
    await deps.keys.complete(db, idempotency);
    return id;
  } catch (error) {
    if (await stored().catch(() => undefined)) return claim.resourceId;
    await deps.keys.forget(db, idempotency);
    if (error instanceof PlacementGone) throw conflict('La vendita non è stata completata in tempo: riprova');
    throw error;
  }
}

async function placeCounterSale(
  deps: CounterDeps,
  request: CounterSaleInput,
  cashier: Cashier,
  saleId: string,
): Promise<string> {
  const db = deps.database.db;
  const wanted = mergeCounterLines(request, await resolveEans(deps.internal, request));
  const payments = storedPayments(request);
  const placementDeps = { db, internal: deps.internal, logger: deps.logger };
  if (!(await holdPlacement(db, saleId, deps.placementTimeoutMs))) throw new PlacementGone();
  const asked = wanted.map(({ article_id, quantity }) => ({ article_id, quantity }));
  let reservation;
  try {
    reservation = await reserveStock(deps.internal, saleId, asked, {
      channel: 'counter',
      username: cashier.username,
    });
  } catch (error) {
    if (isRefusal(error)) await dropPlacement(db, saleId);
    else await undoPlacement(placementDeps, saleId);
    throw error;
  }
  try {
    checkReservation(reservation, saleId, asked);
    const priceChanges: Record<string, StoredPriceChange> = {};
    const items = reservation.lines.map((line) => {
      const netCents = Math.round(line.price * 100);
      const listGross = grossCents(netCents, line.iva_percentage);
      const want = wanted.find((w) => w.article_id === line.article_id)!;
      const unitGross = want.priceCents ?? listGross;
      if (want.priceCents !== undefined && want.priceCents !== listGross) {
        priceChanges[line.article_id] = { list_gross_cents: listGross, reason: want.reason! };
      }
      return {
        article_id: line.article_id,
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        unit_net_cents: scorporo(unitGross, line.iva_percentage),
        iva_percentage: line.iva_percentage,
        unit_gross_cents: unitGross,
        line_total_cents: unitGross * line.quantity,
      };
    });
    const totalCents = items.reduce((sum, item) => sum + item.line_total_cents, 0);
    const change = changeDue(totalCents, payments);
    const now = new Date();
    // A gift card pays its part like at the web checkout: spent in the sale's transaction, or the sale is refused.
    const giftPayment = payments.find((p) => p.method === 'gift_card' && p.amount_cents > 0);
    const giftCard = giftPayment ? await usableCard(db, giftPayment.code!, now) : null;
    if (giftCard && giftCard.balanceCents < giftPayment!.amount_cents)
      throw new HttpError(422, GIFT_CARD_DETAILS.overBalance);
    const rtMode = deps.printing.mode;
    await db.transaction(async (tx) => {
      await createOrder(
        tx,
        deps.bus,
        {
          id: saleId,
          customerId: null,
          channel: 'counter',
          subtotalCents: totalCents,
          shippingCents: 0,
          totalCents,
          giftCardId: giftCard?.id ?? null,
          giftCardCents: giftPayment?.amount_cents ?? 0,
          shippingCountry: 'IT',
          paymentMethod: counterPaymentMethod(payments),
          items,
          customerInfo: { name: 'Banco', email: '' },
          invoiceData: null,
          paymentDueAt: null,
          language: 'it',
          orderDate: now,
          createdAt: now,
          updatedAt: now,
        },
        null,
      );
      if (giftCard) await redeem(tx, giftCard, giftPayment!.amount_cents, saleId, now);
      await tx.insert(counterSales).values({
        orderId: saleId,
        state: rtMode === 'off' ? 'completed' : 'printing',
        rtMode,
        cashierId: cashier.id,
        cashier: cashier.username,
        payments,
        changeCents: change,
        priceChanges,
        createdAt: now,
        completedAt: rtMode === 'off' ? now : null,
      });
      if (rtMode === 'off') {
        const order = (await lockOrder(tx, saleId))!;
        await moveOrder(tx, deps.bus, order, {
          at: now,
          by: { id: cashier.id, username: cashier.username },
          status: { to: 'delivered', kind: 'counter' },
          fields: { paymentStatus: 'paid' },
        });
      } else {
        await deps.printing.enqueueReceipt(tx, saleId);
      }
      if (!(await closePlacement(tx, saleId))) throw new PlacementGone();
    });
    return saleId;
  } catch (error) {
    const [stored] = await db
      .select({ id: orderRecords.id })
      .from(orderRecords)
      .where(eq(orderRecords.id, saleId));
    if (!stored) {
      await undoPlacement(placementDeps, saleId);
      throw error;
    }
    await dropPlacement(db, saleId);
    return saleId;
  }
}
