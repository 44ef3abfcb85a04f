import type { Request } from 'express';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_MAX_LINES,
  ORDER_MAX_UNITS_PER_LINE,
  TOO_MANY_LINES_DETAIL,
  TOO_MANY_UNITS_DETAIL,
} from '@edicola/contracts';
import { HttpError, type Db, type RateLimits } from '@edicola/platform';
import { orderRecords } from '../db/schema';

export interface OrderLimits {
  /** Orders created per client address in an hour (every route that creates one). */
  perAddressPerHour: number;
  /** Unpaid open (pending) orders per buyer e-mail. */
  openPerEmail: number;
}

export const TOO_MANY_ORDERS_DETAIL = 'Troppi ordini da questo indirizzo: riprova più tardi';
export const TOO_MANY_OPEN_ORDERS_DETAIL =
  'Hai già troppi ordini in attesa di pagamento: completa o annulla quelli aperti prima di ordinarne altri';

/**
 * The per-address limit of order creation, counted in svc-orders' database (platform's rate-limit helper). For
 * POST /orders the address is the request's; for POST /internal/orders it is the buyer's address svc-payments
 * saw (body.client_address). Only answered orders count.
 */
export function orderCreationLimit(
  limits: RateLimits,
  perHour: number,
  addressOf?: (req: Request) => string,
) {
  return limits.perAddress({
    name: 'order-create',
    windowMs: 60 * 60_000,
    limit: perHour,
    detail: TOO_MANY_ORDERS_DETAIL,
    successesOnly: true,
    ...(addressOf ? { keyOf: addressOf } : {}),
  });
}

export const TOO_MANY_LINK_CALLS_DETAIL = 'Troppe richieste da questo indirizzo: riprova tra qualche minuto';

/**
 * The per-address limit of the calls that check an order's token (the order page, its files, the cancellation):
 * generous for a buyer, it stops anyone trying tokens (docs/decisions/0055).
 */
export function orderLinkLimit(limits: RateLimits, perHour: number) {
  return limits.perAddress({
    name: 'order-link',
    windowMs: 60 * 60_000,
    limit: perHour,
    detail: TOO_MANY_LINK_CALLS_DETAIL,
  });
}

/** POST /internal/orders' client address (the handler refuses the body when it is missing). */
export const internalClientAddress = (req: Request): string => {
  const body = req.body as { client_address?: unknown } | undefined;
  return typeof body?.client_address === 'string' ? body.client_address : 'unknown';
};

/** 429 when the buyer's e-mail already has `limit` unpaid open orders. */
export async function checkOpenOrders(db: Db, email: string, limit: number): Promise<void> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(orderRecords)
    .where(
      and(
        eq(orderRecords.status, 'pending'),
        inArray(orderRecords.paymentStatus, ['pending', 'failed']),
        sql`lower(${orderRecords.customerInfo}->>'email') = ${email.trim().toLowerCase()}`,
      ),
    );
  if ((row?.open ?? 0) >= limit) throw new HttpError(429, TOO_MANY_OPEN_ORDERS_DETAIL);
}

/** 422 when one article (its cart lines merged) is asked more than ORDER_MAX_UNITS_PER_LINE times. */
export function checkLineQuantities(lines: { quantity: number }[]): void {
  if (lines.length > ORDER_MAX_LINES) throw new HttpError(422, TOO_MANY_LINES_DETAIL);
  if (lines.some((line) => line.quantity > ORDER_MAX_UNITS_PER_LINE)) {
    throw new HttpError(422, TOO_MANY_UNITS_DETAIL);
  }
}

/** The per-address limit of the cart's discount preview (routes/discounts.ts): a shopper tries a few codes. */
export function discountCheckLimit(limits: RateLimits) {
  return limits.perAddress({
    name: 'discount-check',
    windowMs: 60 * 60_000,
    limit: 60,
    detail: TOO_MANY_LINK_CALLS_DETAIL,
  });
}

/** POST /public/gift-cards/check: a card's code is a bearer's secret; a few tries an hour per address. */
export function giftCardCheckLimit(limits: RateLimits) {
  return limits.perAddress({
    name: 'gift-card-check',
    windowMs: 60 * 60_000,
    limit: 20,
    detail: TOO_MANY_LINK_CALLS_DETAIL,
  });
}
