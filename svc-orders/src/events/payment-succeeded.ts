import type { EventBus, EventHandler, Logger } from '@edicola/platform';
import { applyPaymentSucceeded } from '../orders/payment-state';

/** svc-orders' handler of 'payment.succeeded' (see applyPaymentSucceeded). */
export function onPaymentSucceeded(bus: EventBus, logger?: Logger): EventHandler<'payment.succeeded'> {
  return async (event, tx) => {
    await applyPaymentSucceeded(tx, bus, event.data, logger);
  };
}
