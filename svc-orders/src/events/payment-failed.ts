import type { EventBus, EventHandler } from '@edicola/platform';
import { applyPaymentFailed } from '../orders/payment-state';

/** svc-orders' handler of 'payment.failed' (see applyPaymentFailed); the relay is woken once the change committed. */
export function onPaymentFailed(bus: EventBus): EventHandler<'payment.failed'> {
  return async (event, tx, { afterCommit }) => {
    const outcome = await applyPaymentFailed(tx, bus, event.data);
    if (outcome !== 'unchanged') afterCommit(() => bus.wake());
  };
}
