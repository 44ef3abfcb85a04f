import type { EventBus, EventHandler, Logger } from '@edicola/platform';
import { applyPaymentSucceeded } from '../orders/payment-state';

/**
 * svc-orders' handler of 'payment.succeeded' (see applyPaymentSucceeded); `afterDeposit` gives a pre-order whose
 * deposit was just paid a free unit of a delivery (presales/arrivals.ts).
 */
export function onPaymentSucceeded(
  bus: EventBus,
  logger?: Logger,
  afterDeposit?: Parameters<typeof applyPaymentSucceeded>[4],
): EventHandler<'payment.succeeded'> {
  return async (event, tx) => {
    await applyPaymentSucceeded(tx, bus, event.data, logger, afterDeposit);
  };
}
