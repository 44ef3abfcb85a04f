import type { EventBus, EventHandler } from '@edicola/platform';
import { applyPaymentFailed } from '../orders/payment-state';

/** svc-orders' handler of 'payment.failed' (see applyPaymentFailed). */
export function onPaymentFailed(bus: EventBus): EventHandler<'payment.failed'> {
  return async (event, tx) => {
    await applyPaymentFailed(tx, bus, event.data);
  };
}
