import type { EventBus, EventHandler } from '@edicola/platform';
import { applyPaymentRefundFailed } from '../orders/payment-state';

/** svc-orders' handler of 'payment.refund_failed' (see applyPaymentRefundFailed). */
export function onPaymentRefundFailed(bus: EventBus): EventHandler<'payment.refund_failed'> {
  return async (event, tx) => {
    await applyPaymentRefundFailed(tx, bus, event.data);
  };
}
