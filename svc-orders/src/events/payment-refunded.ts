import type { Event } from '@edicola/contracts';
import type { Db, EventBus, HandlerTools } from '@edicola/platform';
import { applyPaymentRefunded } from '../orders/payment-state';

/** svc-orders' handler of 'payment.refunded' (see applyPaymentRefunded); the relay is woken once the change committed. */
export function onPaymentRefunded(bus: EventBus) {
  return async (event: Event<'payment.refunded'>, tx: Db, { afterCommit }: HandlerTools): Promise<void> => {
    const outcome = await applyPaymentRefunded(tx, bus, event.data);
    if (outcome !== 'unchanged') afterCommit(() => bus.wake());
  };
}
