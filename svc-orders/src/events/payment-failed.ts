import type { Event } from '@edicola/contracts';
import type { Db, EventBus, HandlerTools } from '@edicola/platform';
import { applyPaymentFailed } from '../orders/payment-state';

/** svc-orders' handler of 'payment.failed' (see applyPaymentFailed); the relay is woken once the change committed. */
export function onPaymentFailed(bus: EventBus) {
  return async (event: Event<'payment.failed'>, tx: Db, { afterCommit }: HandlerTools): Promise<void> => {
    const outcome = await applyPaymentFailed(tx, bus, event.data);
    if (outcome !== 'unchanged') afterCommit(() => bus.wake());
  };
}
