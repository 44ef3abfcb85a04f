import { randomUUID } from 'node:crypto';
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
  HttpError,
  type Database,
  type EventBus,
  type InternalClient,
  type Jobs,
  type Logger,
} from '@edicola/platform';
import { orderRecords, orderStatusHistory } from '../db/schema';
import { activeShippingRules } from '../shipping/rules';
import { quoteShipping } from '../shipping/quote';
import { checkReservation, RELEASE_STOCK_JOB, releaseStock, reserveStock } from '../stock/reservations';
import { transferDetails, type BankAccount } from './bank-transfer';
import { orderCreated } from './events';
import { mergeLines, priceLines, totalMatches } from './pricing';

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
export function shippingCountryOf(request: CreateOrderRequest): string {
  return (
    request.customer_info.country ??
    (request.shipping_zone ? CART_ZONE_COUNTRY[request.shipping_zone] : undefined) ??
    'IT'
  );
}

/**
 * POST /orders: the id first; the stock reserved and priced by svc-catalog (outside any transaction); lines,
 * shipping and total computed here; a client total more than a cent away refused; then the order stored
 * `pending` with its first history row and `order.created`, in one transaction. Whatever fails after the
 * reservation gives the stock back (at once, or through a job when svc-catalog cannot be reached).
 */
export async function placeOrder(
  deps: OrderPlacing,
  request: CreateOrderRequest,
  orderer: Orderer,
): Promise<CreateOrderResponse> {
  const orderId = randomUUID();
  const wanted = mergeLines(request.items);
  const reservation = await reserveStock(deps.internal, orderId, wanted);
  try {
    checkReservation(reservation, orderId, wanted);
    const { lines, subtotalCents } = priceLines(reservation.lines);
    const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    const country = shippingCountryOf(request);
    const quote = quoteShipping(
      await activeShippingRules(deps.database.db),
      country,
      subtotalCents,
      quantity,
    );
    const totalCents = subtotalCents + quote.cents;
    if (!totalMatches(request.total_amount, totalCents)) {
      throw new HttpError(422, TOTAL_MISMATCH_DETAIL);
    }
    const bankTransfer =
      request.payment_method === 'transfer' ? transferDetails(deps.bankAccount, orderId, totalCents) : null;
    const info = request.customer_info;
    const now = new Date();
    await deps.database.db.transaction(async (tx) => {
      await tx.insert(orderRecords).values({
        id: orderId,
        customerId: orderer.customerId,
        // Every order starts pending in this issue; the status the client sends is not believed.
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
        orderDate: now,
        createdAt: now,
        updatedAt: now,
      });
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
    });
    deps.bus.wake();
    return {
      order_id: orderId,
      order_reference: orderReference(orderId),
      status: 'pending',
      payment_status: 'pending',
      items: lines.map((line) => ({
        article_id: line.article_id,
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        price: centsToEuros(line.unit_net_cents),
        iva_percentage: line.iva_percentage,
        unit_gross: centsToEuros(line.unit_gross_cents),
        line_total: centsToEuros(line.line_total_cents),
      })),
      subtotal_amount: centsToEuros(subtotalCents),
      shipping_cost: centsToEuros(quote.cents),
      total_amount: centsToEuros(totalCents),
      bank_transfer: bankTransfer,
    };
  } catch (error) {
    await giveBack(deps, orderId);
    throw error;
  }
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
