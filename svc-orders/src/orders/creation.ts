import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CART_ZONE_COUNTRY,
  cartZoneOfCountry,
  TOTAL_MISMATCH_DETAIL,
  centsToEuros,
  ERROR_CODES,
  orderReference,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type InvoiceData,
} from '@edicola/contracts';
import {
  conflict,
  HttpError,
  type Database,
  type Db,
  type EventBus,
  type IdempotencyKeys,
  type IdempotentRequest,
  type InternalClient,
  type Jobs,
  type Logger,
} from '@edicola/platform';
import { findCustomer } from '../customers/accounts';
import { orderRecords } from '../db/schema';
import { activeShippingRules } from '../shipping/rules';
import { quoteShipping } from '../shipping/quote';
import {
  closePlacement,
  dropPlacement,
  holdPlacement,
  isRefusal,
  PlacementGone,
  undoPlacement,
} from '../stock/placements';
import { buyerOf, checkReservation, reserveStock } from '../stock/reservations';
import { transferDetails, type BankAccount } from './bank-transfer';
import { paymentDueAt, type PaymentDeadlines } from './deadlines';
import { checkLineQuantities, checkOpenOrders } from './limits';
import type { CancelTokens } from './cancel-token';
import { orderCreated } from './events';
import { createOrder, moveOrder } from './order-writer';
import { discountOf } from '../discounts/pricing';
import { takeUse } from '../discounts/uses';
import { redeem, usableCard } from '../gift-cards/cards';
import { amountDue } from './payment-state';
import { mergeLines, priceLines, totalMatches } from './pricing';
import { PRESALE_GIFT_CARD, presaleTermsOf } from '../presales/deposits';
import { toOrderItem } from './queries';

export interface OrderPlacing {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  internal: InternalClient;
  logger: Logger;
  bankAccount: BankAccount;
  /** Idempotency-Keys of order creation (order-keys.ts). */
  keys: IdempotencyKeys;
  /** How long a placement holds its reservation before the sweeper gives the stock back. */
  placementTimeoutMs: number;
  /** How long a new order waits for its payment (orders/deadlines.ts). */
  deadlines: PaymentDeadlines;
  /** Unpaid open orders allowed per buyer e-mail (orders/limits.ts). */
  openOrdersPerEmail: number;
  /** The orders' tokens: the checkout's cancellation and the order page's link in the e-mails. */
  cancelTokens: CancelTokens;
}

const placementDeps = (deps: OrderPlacing) => ({
  db: deps.database.db,
  internal: deps.internal,
  logger: deps.logger,
});

/** What the request decided about who orders; a company customer's invoice data comes from the account. */
export interface Orderer {
  customerId: string | null;
  /** Invoice data that replaces the request's (a logged-in company must be invoiced with its own data). */
  invoiceData?: InvoiceData;
}

/** What placeOrder needs: POST /orders' body; the internal call (svc-payments) may leave total_amount out. */
export type OrderRequest = Omit<CreateOrderRequest, 'total_amount'> & { total_amount?: number | null };

export type OrderRow = typeof orderRecords.$inferSelect;

/**
 * The orderer of a customer account: the order is theirs, and a company is invoiced with its account data
 * (docs/product/orders-and-payments.md#customer-orders). Null when the account no longer exists.
 */
export async function ordererForCustomer(db: Db, customerId: string): Promise<Orderer | null> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return null;
  const company = customer.tipoCliente === 'azienda' ? customer.datiAzienda : null;
  const invoiceData: InvoiceData | undefined = company
    ? {
        requires_invoice: true,
        invoice_type: 'azienda',
        codice_fiscale: null,
        ragione_sociale: company.ragione_sociale,
        piva: company.piva,
        codice_fiscale_azienda: company.codice_fiscale_azienda,
        pec: company.pec,
        sdi: company.sdi,
        invoice_issued: false,
        invoice_number: null,
        invoice_date: null,
      }
    : undefined;
  return { customerId: customer.id, invoiceData };
}

/** The invoice data kept on the order: the request's fields, with the staff fields not yet set. */
export function storedInvoiceData(input: CreateOrderRequest['invoice_data']): InvoiceData | null {
  if (!input) return null;
  const company = input.invoice_type === 'azienda';
  return {
    requires_invoice: input.requires_invoice,
    invoice_type: input.invoice_type,
    codice_fiscale: company ? null : input.codice_fiscale,
    ragione_sociale: company ? input.ragione_sociale : null,
    piva: company ? input.piva : null,
    codice_fiscale_azienda: company ? input.codice_fiscale_azienda : null,
    pec: company ? input.pec : null,
    sdi: company ? input.sdi : null,
    invoice_issued: false,
    invoice_number: null,
    invoice_date: null,
  };
}

export const ZONE_COUNTRY_MISMATCH =
  "shipping_zone: la zona di spedizione non corrisponde al paese dell'indirizzo";

/**
 * The shipping country: the address's country, else the cart's zone (as
 * docs/product/cart-and-checkout.md#shipping-zone maps it), else Italy. The zone
 * follows from the country; a zone that contradicts it (`intercontinental` to Italy) is refused with 422
 * rather than priced as either.
 */
export function shippingCountryOf(request: OrderRequest): string {
  const country = request.customer_info.country;
  if (country && request.shipping_zone && cartZoneOfCountry(country) !== request.shipping_zone) {
    throw new HttpError(422, ZONE_COUNTRY_MISMATCH);
  }
  return country ?? (request.shipping_zone ? CART_ZONE_COUNTRY[request.shipping_zone] : undefined) ?? 'IT';
}

/** How a repeated request finds the order of its first try. */
export interface PlaceOptions {
  /** The id the caller chose (POST /internal/orders): a repeat with the same id answers that order. */
  orderId?: string;
  /** The request's Idempotency-Key, scoped to who asks (orderKey): the order id is bound to it. */
  idempotency?: IdempotentRequest;
}

export interface Placed {
  row: OrderRow;
  /** False when the order existed already (a repeat, or the loser of a race): nothing was reserved for it. */
  created: boolean;
}

export const PLACEMENT_GONE_FOR_ID =
  "L'ordine non è stato completato in tempo e il suo identificativo non è più utilizzabile: ricomincia il checkout";
export const ORDER_METHOD_MISMATCH = "L'ordine esiste già con un altro metodo di pagamento";

async function findOrderById(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  return row ?? null;
}

/** A repeat answers the earlier order only when it asked for the same thing. */
function checkRepeat(earlier: OrderRow, request: OrderRequest) {
  if (earlier.paymentMethod !== request.payment_method) throw conflict(ORDER_METHOD_MISMATCH);
}

/** A unique index refused the write (PostgreSQL 23505), wherever the driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /orders and POST /internal/orders. With an Idempotency-Key (always, for the internal call) the key is
 * claimed first (platform's idempotency module): it binds the order id, so a repeat — a double click, a retry
 * after a timeout, a retry after this process died — answers the same order, or goes on with the same id and
 * finds the first attempt's reservation again instead of making a second one. A request that fails forgets the
 * key (its stock was given back), so a retry starts over.
 */
export async function placeOrder(
  deps: OrderPlacing,
  request: OrderRequest,
  orderer: Orderer,
  options: PlaceOptions = {},
): Promise<Placed> {
  const db = deps.database.db;
  const key = options.idempotency;
  if (!key) return placeUnderId(deps, request, orderer, options.orderId ?? randomUUID());
  const newId = () => options.orderId ?? randomUUID();
  let claim = await deps.keys.claim(db, key, newId);
  for (let attempt = 1; ; attempt++) {
    const earlier = await findOrderById(db, claim.resourceId);
    if (earlier) {
      // Done, or stored by an attempt that died before saying so.
      if (claim.kind !== 'done') await deps.keys.complete(db, key);
      checkRepeat(earlier, request);
      return { row: earlier, created: false };
    }
    if (claim.kind === 'done') throw new Error(`order ${claim.resourceId} of a finished key is missing`);
    try {
      const placed = await placeUnderId(deps, request, orderer, claim.resourceId);
      await deps.keys.complete(db, key);
      return placed;
    } catch (error) {
      if (await findOrderById(db, claim.resourceId).catch(() => null)) continue;
      await deps.keys.forget(db, key);
      // The dead attempt's placement was swept (its stock went back): start over under a new id.
      if (error instanceof PlacementGone && claim.kind === 'resumed' && !options.orderId && attempt === 1) {
        claim = await deps.keys.claim(db, key, newId);
        continue;
      }
      // The caller's own id can never be placed again: a refusal, so the caller starts over with a new one.
      if (error instanceof PlacementGone && options.orderId) throw conflict(PLACEMENT_GONE_FOR_ID);
      throw error;
    }
  }
}

/**
 * One order under one id: the placement (holder and deadline of the reservation) committed first; the stock
 * reserved and priced by svc-catalog (outside any transaction); lines, shipping and total computed here; a
 * client total more than a cent away refused; then the order stored `pending` with its first history row and
 * `order.created`, in the transaction that closes the placement. Whatever fails after the placement gives
 * the stock back (undoPlacement: a timeout or 5xx of the reservation too, as it may commit late), unless the
 * order is stored after all; a request that died is undone by the placement sweeper.
 */
async function placeUnderId(
  deps: OrderPlacing,
  request: OrderRequest,
  orderer: Orderer,
  orderId: string,
): Promise<Placed> {
  const db = deps.database.db;
  // A zone that contradicts the country is refused before anything is held or reserved.
  const country = shippingCountryOf(request);
  const wanted = mergeLines(request.items);
  checkLineQuantities(wanted);
  await checkOpenOrders(db, request.customer_info.email, deps.openOrdersPerEmail);
  if (!(await holdPlacement(db, orderId, deps.placementTimeoutMs))) throw new PlacementGone();
  let reservation;
  try {
    reservation = await reserveStock(deps.internal, orderId, wanted, {
      buyer: buyerOf(orderer.customerId, request.customer_info.email),
    });
  } catch (error) {
    // svc-catalog refused (stock, unknown or inactive article): its transaction took nothing.
    if (isRefusal(error)) await dropPlacement(db, orderId);
    else await undoPlacement(placementDeps(deps), orderId);
    throw error;
  }
  try {
    checkReservation(reservation, orderId, wanted);
    const { lines, subtotalCents } = priceLines(reservation.lines);
    const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    const quote = quoteShipping(await activeShippingRules(db), country, subtotalCents, quantity);
    const now = new Date();
    const discount = request.discount_code
      ? await discountOf(
          db,
          request.discount_code,
          lines,
          reservation.lines,
          request.customer_info.email,
          now,
        )
      : null;
    const shippingCents = discount?.applied.freeShipping ? 0 : quote.cents;
    // The order's discount is what came off its lines (subtotal − discount + shipping = total); the code's use
    // records what it cost the shop, a free shipping's waived quote included.
    const discountCents = discount?.applied.linesCents ?? 0;
    const codeCostCents = discountCents + (quote.cents - shippingCents);
    const totalCents = subtotalCents - (discount?.applied.linesCents ?? 0) + shippingCents;
    // A pre-sale that asks for a deposit (docs/decisions/0066-presale-deposits.md): paid now, the rest on arrival.
    const presale = presaleTermsOf(reservation.lines, subtotalCents - discountCents);
    if (
      request.total_amount !== undefined &&
      request.total_amount !== null &&
      !totalMatches(request.total_amount, totalCents)
    ) {
      throw new HttpError(422, TOTAL_MISMATCH_DETAIL, ERROR_CODES.totalMismatch);
    }
    // A gift card pays what its balance covers; the payment method the rest (docs/decisions/0059-gift-cards.md).
    // A deposit is paid by the payment method: a gift card is for orders paid in full.
    if (presale && request.gift_card_code) throw new HttpError(422, PRESALE_GIFT_CARD);
    const giftCard = request.gift_card_code ? await usableCard(db, request.gift_card_code, now) : null;
    const giftCardCents = giftCard ? Math.min(giftCard.balanceCents, totalCents) : 0;
    const dueCents = presale ? presale.depositCents : totalCents - giftCardCents;
    const bankTransfer =
      request.payment_method === 'transfer' && dueCents > 0
        ? transferDetails(deps.bankAccount, orderId, dueCents)
        : null;
    const info = request.customer_info;
    const dueAt = paymentDueAt(request.payment_method, now, deps.deadlines);
    const row = await db.transaction(async (tx) => {
      if (discount)
        await takeUse(tx, discount.code, { orderId, email: info.email, amountCents: codeCostCents, at: now });
      if (giftCard) await redeem(tx, giftCard, giftCardCents, orderId, now);
      // Every order starts pending (the writer's), whatever status the client sends: payments move it on.
      const stored = await createOrder(
        tx,
        deps.bus,
        {
          id: orderId,
          customerId: orderer.customerId,
          subtotalCents,
          shippingCents,
          totalCents,
          discountCode: discount?.code.code ?? null,
          discountCents,
          giftCardId: giftCard?.id ?? null,
          giftCardCents,
          shippingCountry: country,
          paymentMethod: request.payment_method,
          items: lines,
          customerInfo: { ...info, country },
          invoiceData: orderer.invoiceData ?? storedInvoiceData(request.invoice_data),
          paymentDueAt: dueAt,
          ...presale,
          language: request.language ?? 'it',
          orderDate: now,
          createdAt: now,
          updatedAt: now,
        },
        orderCreated({
          orderId,
          orderToken: deps.cancelTokens.tokenFor(orderId),
          customerId: orderer.customerId,
          customerEmail: info.email,
          customerName: info.name,
          paymentMethod: request.payment_method,
          lines,
          subtotalCents,
          shippingCents,
          totalCents,
          discount: discount ? { code: discount.code.code, cents: discountCents } : null,
          giftCardCents,
          shippingCountry: country,
          shippingAddress: { name: info.name, address: info.address, zipCode: info.zipCode, city: info.city },
          bankTransfer,
          createdAt: now,
          paymentDueAt: dueAt,
          language: request.language ?? 'it',
        }),
      );
      // The sweeper gave this placement up (the request outlived its deadline): its stock is going back.
      if (!(await closePlacement(tx, orderId))) throw new PlacementGone();
      // Paid in full by the gift card: no provider is asked, the order is paid as it is stored.
      if (dueCents === 0 && giftCardCents > 0)
        return moveOrder(tx, deps.bus, stored, {
          at: now,
          status: { to: 'paid', kind: 'payment' },
          fields: { paymentStatus: 'paid' },
        });
      return stored;
    });
    return { row, created: true };
  } catch (error) {
    // Stored after all (a twin with the same id won, or a commit whose answer was lost): that order holds
    // this very reservation, which must stay; only the placement goes.
    const stored = await findOrderById(db, orderId).catch(() => null);
    if (!stored) {
      await undoPlacement(placementDeps(deps), orderId);
      throw error;
    }
    await dropPlacement(db, orderId);
    if (!isUniqueViolation(error)) throw error;
    checkRepeat(stored, request);
    return { row: stored, created: false };
  }
}

/** POST /orders' answer for a stored order: the same for the first call and every repeat. */
export function createOrderAnswer(
  row: OrderRow,
  bankAccount: BankAccount,
  cancelToken: string,
): CreateOrderResponse {
  return {
    order_id: row.id,
    order_reference: orderReference(row.id),
    status: row.status,
    payment_status: row.paymentStatus,
    items: row.items.map(toOrderItem),
    subtotal_amount: centsToEuros(row.subtotalCents),
    shipping_cost: centsToEuros(row.shippingCents),
    total_amount: centsToEuros(row.totalCents),
    discount_code: row.discountCode,
    discount_amount: centsToEuros(row.discountCents),
    gift_card_amount: centsToEuros(row.giftCardCents),
    amount_due: centsToEuros(amountDue(row)),
    bank_transfer:
      row.paymentMethod === 'transfer' && amountDue(row) > 0
        ? transferDetails(bankAccount, row.id, amountDue(row))
        : null,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
    cancel_token: cancelToken,
  };
}
