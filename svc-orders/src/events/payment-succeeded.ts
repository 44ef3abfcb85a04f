import type { Event } from '@edicola/contracts';
import type { Db, EventBus, HandlerTools, Logger } from '@edicola/platform';
import { applyPaymentSucceeded } from '../orders/payment-state';

/** svc-orders' handler of 'payment.succeeded' (see applyPaymentSucceeded); the relay is woken once the change committed. */
export function onPaymentSucceeded(bus: EventBus, logger?: Logger) {
  return async (event: Event<'payment.succeeded'>, tx: Db, { afterCommit }: HandlerTools): Promise<void> => {
    const outcome = await applyPaymentSucceeded(tx, bus, event.data, logger);
    if (outcome !== 'unchanged') afterCommit(() => bus.wake());
  };
}
