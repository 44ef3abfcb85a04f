import { ApiError } from '@edicola/web-kit';

/**
 * The checkout's open online order (card, PayPal, Klarna): its id and the cancel token svc-orders answered, kept in
 * session storage until the payment succeeds. Before the checkout creates another order, and when the buyer
 * leaves the payment page back to the checkout, it cancels this one, so one checkout never holds two orders' stock.
 */
export const OPEN_ORDER_KEY = 'checkout_open_order';

export interface OpenOrder {
  order_id: string;
  cancel_token: string;
}

export interface OrderCanceller {
  cancelOrder(orderId: string, cancelToken: string): Promise<unknown>;
}

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function rememberOpenOrder(order: OpenOrder, storage = sessionStore()): void {
  try {
    storage?.setItem(
      OPEN_ORDER_KEY,
      JSON.stringify({ order_id: order.order_id, cancel_token: order.cancel_token }),
    );
  } catch {
    // Storage refused (private mode): the order then ends at its payment deadline.
  }
}

export function openOrder(storage = sessionStore()): OpenOrder | null {
  try {
    const value = JSON.parse(storage?.getItem(OPEN_ORDER_KEY) ?? 'null') as Partial<OpenOrder> | null;
    return typeof value?.order_id === 'string' && typeof value.cancel_token === 'string'
      ? { order_id: value.order_id, cancel_token: value.cancel_token }
      : null;
  } catch {
    return null;
  }
}

export function forgetOpenOrder(storage = sessionStore()): void {
  try {
    storage?.removeItem(OPEN_ORDER_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Cancels the open order, if there is one. Resolves true when there was one (cancelled now, or no longer
 * cancellable: paid, already closed or unknown, 4xx), which is then forgotten. Rejects when the server could not
 * answer (network, 5xx): the order is kept, to be cancelled at the next try, and no other order is created.
 */
export async function cancelOpenOrder(api: OrderCanceller, storage = sessionStore()): Promise<boolean> {
  const open = openOrder(storage);
  if (!open) return false;
  try {
    await api.cancelOrder(open.order_id, open.cancel_token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  forgetOpenOrder(storage);
  return true;
}
