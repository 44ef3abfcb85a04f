import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CART_ZONE_COUNTRY,
  TOTAL_MISMATCH_DETAIL,
  centsToEuros,
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
  type InternalClient,
  type Jobs,
  type Logger,
} from '@edicola/platform';
import { findCustomer } from '../customers/accounts';
import { orderRecords, orderStatusHistory } from '../db/schema';
import { activeShippingRules } from '../shipping/rules';
import { quoteShipping } from '../shipping/quote';
import { checkReservation, RELEASE_STOCK_JOB, releaseStock, reserveStock } from '../stock/reservations';
import { transferDetails, type BankAccount } from './bank-transfer';
import { orderCreated } from './events';
import { mergeLines, priceLines, totalMatches } from './pricing';
import { toOrderItem } from './queries';

export interface OrderPlacing {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  internal: InternalClient;
  logger: Logger;
  bankAccount: BankAccount;
}

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
 * (SPEC §5). Null when the account no longer exists.
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

/** The shipping country: the address's country, else the cart's zone (SPEC §7's mapping), else Italy. */
export function shippingCountryOf(request: OrderRequest): string {
  return (
    request.customer_info.country ??
    (request.shipping_zone ? CART_ZONE_COUNTRY[request.shipping_zone] : undefined) ??
    'IT'
  );
}

/** How a repeated request finds the order of its first try. */
export interface PlaceOptions {
  /** The id the caller chose (POST /internal/orders): a repeat with the same id answers that order. */
  orderId?: string;
  /** POST /orders' Idempotency-Key, already scoped to who orders (idempotencyScope). */
  idempotencyKey?: string;
}

export interface Placed {
  row: OrderRow;
  /** False when the order existed already (a repeat, or the loser of a race): nothing was reserved for it. */
  created: boolean;
}

export const IDEMPOTENCY_MISMATCH =
  'Questa richiesta è già stata usata per un ordine diverso: ricarica la pagina e riprova';
export const ORDER_METHOD_MISMATCH = "L'ordine esiste già con un altro metodo di pagamento";

/** The stored key of an Idempotency-Key: scoped to the customer, or to guests. */
export function idempotencyScope(key: string, orderer: Orderer): string {
  return orderer.customerId ? `customer:${orderer.customerId}:${key}` : `guest:${key}`;
}

/**
 * A hash of what an order asks for (not of order_date or status, which the server ignores and a double click
 * may change): a key reused for a different cart is refused instead of answering someone else's order.
 */
export function requestFingerprint(request: OrderRequest): string {
  const items = mergeLines(request.items).sort((a, b) => a.article_id.localeCompare(b.article_id));
  const asked = {
    items,
    customer_info: request.customer_info,
    payment_method: request.payment_method,
    invoice_data: request.invoice_data ?? null,
    shipping_zone: request.shipping_zone ?? null,
    payment_intent_id: request.payment_intent_id ?? null,
  };
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

async function findOrderById(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));
  return row ?? null;
}

async function earlierOrder(db: Db, options: PlaceOptions): Promise<OrderRow | null> {
  if (options.orderId) return findOrderById(db, options.orderId);
  if (options.idempotencyKey) {
    const [row] = await db
      .select()
      .from(orderRecords)
      .where(eq(orderRecords.idempotencyKey, options.idempotencyKey));
    return row ?? null;
  }
  return null;
}

/** A repeat answers the earlier order only when it asked for the same thing. */
function checkRepeat(earlier: OrderRow, request: OrderRequest, options: PlaceOptions, fingerprint: string) {
  if (options.idempotencyKey && earlier.idempotencyFingerprint !== fingerprint) {
    throw new HttpError(409, IDEMPOTENCY_MISMATCH);
  }
  if (earlier.paymentMethod !== request.payment_method) throw conflict(ORDER_METHOD_MISMATCH);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /orders and POST /internal/orders: the id first (the caller's, or a new one); the stock reserved and
 * priced by svc-catalog (outside any transaction); lines, shipping and total computed here; a client total
 * more than a cent away refused; then the order stored `pending` with its first history row and
 * `order.created`, in one transaction. Whatever fails after the reservation gives the stock back (at once, or
 * through a job when svc-catalog cannot be reached), unless the order is stored after all.
 *
 * Idempotent: an order already stored under the same id (or the same scoped Idempotency-Key) is answered as
 * it is, without a second reservation. Two identical calls racing each other both reserve (svc-catalog keeps
 * one reservation per order id) and both try to store; the loser meets the unique violation, gives back only
 * a reservation of its own (a different id, on the key path) and answers the winner's order.
 */
export async function placeOrder(
  deps: OrderPlacing,
  request: OrderRequest,
  orderer: Orderer,
  options: PlaceOptions = {},
): Promise<Placed> {
  const db = deps.database.db;
  const fingerprint = requestFingerprint(request);
  const earlier = await earlierOrder(db, options);
  if (earlier) {
    checkRepeat(earlier, request, options, fingerprint);
    return { row: earlier, created: false };
  }
  const orderId = options.orderId ?? randomUUID();
  const wanted = mergeLines(request.items);
  const reservation = await reserveStock(deps.internal, orderId, wanted);
  try {
    checkReservation(reservation, orderId, wanted);
    const { lines, subtotalCents } = priceLines(reservation.lines);
    const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    const country = shippingCountryOf(request);
    const quote = quoteShipping(await activeShippingRules(db), country, subtotalCents, quantity);
    const totalCents = subtotalCents + quote.cents;
    if (
      request.total_amount !== undefined &&
      request.total_amount !== null &&
      !totalMatches(request.total_amount, totalCents)
    ) {
      throw new HttpError(422, TOTAL_MISMATCH_DETAIL);
    }
    const bankTransfer =
      request.payment_method === 'transfer' ? transferDetails(deps.bankAccount, orderId, totalCents) : null;
    const info = request.customer_info;
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(orderRecords)
        .values({
          id: orderId,
          customerId: orderer.customerId,
          // Every order starts pending; the status the client sends is not believed (payments move it on).
          status: 'pending',
          orderVersion: 1,
          subtotalCents,
          shippingCents: quote.cents,
          totalCents,
          shippingCountry: country,
          paymentMethod: request.payment_method,
          paymentStatus: 'pending',
          paymentIntentId: request.payment_intent_id ?? null,
          items: lines,
          customerInfo: { ...info, country },
          invoiceData: orderer.invoiceData ?? storedInvoiceData(request.invoice_data),
          idempotencyKey: options.idempotencyKey ?? null,
          idempotencyFingerprint: options.idempotencyKey ? fingerprint : null,
          orderDate: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: null,
        toStatus: 'pending',
        orderVersion: 1,
        changedAt: now,
      });
      await deps.bus.emit(
        tx,
        'order.created',
        orderCreated({
          orderId,
          customerId: orderer.customerId,
          customerEmail: info.email,
          customerName: info.name,
          paymentMethod: request.payment_method,
          lines,
          subtotalCents,
          shippingCents: quote.cents,
          totalCents,
          shippingCountry: country,
          bankTransfer,
          createdAt: now,
        }),
      );
      return stored!;
    });
    deps.bus.wake();
    return { row, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await earlierOrder(db, options);
      if (winner) {
        // Same id: the winner holds this very reservation, which must stay. Same key: ours is a spare.
        if (winner.id !== orderId) await giveBack(deps, orderId);
        checkRepeat(winner, request, options, fingerprint);
        return { row: winner, created: false };
      }
    }
    // Never release the stock of an order that is stored (a commit whose answer was lost, a racing twin).
    const stored = await findOrderById(db, orderId).catch(() => null);
    if (!stored) await giveBack(deps, orderId);
    throw error;
  }
}

/** POST /orders' answer for a stored order: the same for the first call and every repeat. */
export function createOrderAnswer(row: OrderRow, bankAccount: BankAccount): CreateOrderResponse {
  return {
    order_id: row.id,
    order_reference: orderReference(row.id),
    status: row.status,
    payment_status: row.paymentStatus,
    items: row.items.map(toOrderItem),
    subtotal_amount: centsToEuros(row.subtotalCents),
    shipping_cost: centsToEuros(row.shippingCents),
    total_amount: centsToEuros(row.totalCents),
    bank_transfer:
      row.paymentMethod === 'transfer' ? transferDetails(bankAccount, row.id, row.totalCents) : null,
  };
}

/** Releases the reservation of an order that was not stored; a job retries when svc-catalog is away. */
async function giveBack(deps: OrderPlacing, orderId: string): Promise<void> {
  try {
    await releaseStock(deps.internal, orderId);
  } catch (error) {
    deps.logger.warn({ err: error, order_id: orderId }, 'stock release failed, a job will retry it');
    try {
      await deps.database.db.transaction((tx) =>
        deps.jobs.enqueue(tx, RELEASE_STOCK_JOB, { order_id: orderId }, { key: orderId }),
      );
      deps.jobs.wake();
    } catch (jobError) {
      deps.logger.error(
        { err: jobError, order_id: orderId },
        'stock reservation left held: release it by hand',
      );
    }
  }
}
