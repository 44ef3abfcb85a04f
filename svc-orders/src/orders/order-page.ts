import { eurosToCents, type OrderPage } from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { transferDetails, type BankAccount } from './bank-transfer';
import type { CancelTokens } from './cancel-token';
import { moneyTaken } from './payment-state';
import { ORDER_NOT_FOUND, orderDetail } from './queries';

/**
 * Who opens the order page (docs/decisions/0055): the holder of the order's token (the link of its e-mails and of
 * the checkout's success page), or a signed-in customer. An order the caller may not see is not found, whether it
 * exists or not, so that order ids cannot be probed.
 */
export interface OrderPageAccess {
  token: string | undefined;
  customerId: string | null;
}

/** The order's token when `access` may open the order, else 404. */
export function checkOrderAccess(
  tokens: CancelTokens,
  order: { id: string; customerId: string | null },
  access: OrderPageAccess,
): string {
  const byToken = access.token !== undefined && tokens.matches(order.id, access.token);
  const byOwner = access.customerId !== null && order.customerId === access.customerId;
  if (!byToken && !byOwner) throw notFound(ORDER_NOT_FOUND);
  return tokens.tokenFor(order.id);
}

/** GET /orders/{id}: the order as its buyer sees it (docs/product/account.md#order-page). */
export async function orderPage(
  deps: { db: Db; cancelTokens: CancelTokens; bankAccount: BankAccount },
  orderId: string,
  access: OrderPageAccess,
): Promise<OrderPage> {
  const order = await orderDetail(deps.db, orderId);
  const token = checkOrderAccess(deps.cancelTokens, { id: order.id, customerId: order.customer_id }, access);
  // A pre-order with its deposit paid is not unpaid: it waits for its delivery (order.deposit tells the rest).
  const depositPaid = Boolean(order.deposit?.deposit_paid_at);
  const unpaid = order.status === 'pending' && !moneyTaken(order.payment_status) && !depositPaid;
  const trackingNumber =
    order.shipment?.tracking_number ?? order.packlink_data?.tracking_number ?? order.tracking_number;
  const info = order.customer_info;
  return {
    id: order.id,
    order_reference: order.order_reference,
    status: order.status,
    created_at: order.created_at,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    items: order.items.map(({ article_id, title, quantity, unit_gross, line_total, discount }) => ({
      article_id,
      title,
      quantity,
      unit_gross,
      line_total,
      discount,
    })),
    subtotal_amount: order.subtotal_amount,
    shipping_cost: order.shipping_cost,
    total_amount: order.total_amount,
    discount_code: order.discount_code,
    discount_amount: order.discount_amount,
    refunded_amount: order.refunded_amount,
    shipping_address: {
      name: info.name,
      address: info.address,
      zip_code: info.zipCode,
      city: info.city,
      country: info.country,
    },
    bank_transfer:
      unpaid && order.payment_method === 'transfer'
        ? transferDetails(
            deps.bankAccount,
            order.id,
            eurosToCents(order.deposit?.deposit_amount ?? order.total_amount),
          )
        : null,
    payment_due_at: unpaid ? order.payment_due_at : null,
    deposit: order.deposit,
    tracking: trackingNumber
      ? {
          number: trackingNumber,
          carrier: order.shipment?.carrier_name ?? order.packlink_data?.carrier_name ?? null,
          url: order.shipment?.tracking_url ?? null,
        }
      : null,
    invoice_number: order.invoice_data?.invoice_issued ? order.invoice_data.invoice_number : null,
    credit_notes: order.credit_notes.map(({ number, date, amount }) => ({ number, date, amount })),
    cancellable: unpaid && order.channel === 'web',
    token,
  };
}
