import type { EventBus, EventHandler, Logger } from '@edicola/platform';
import { applyPaymentSucceeded } from '../orders/payment-state';

/** svc-orders' handler of 'payment.succeeded' (see applyPaymentSucceeded); the relay is woken once the change committed. */
export function onPaymentSucceeded(bus: EventBus, logger?: Logger): EventHandler<'payment.succeeded'> {
  return async (event, tx, { afterCommit }) => {
    const outcome = await applyPaymentSucceeded(tx, bus, event.data, logger);
    if (outcome !== 'unchanged') afterCommit(() => bus.wake());
  };
}
