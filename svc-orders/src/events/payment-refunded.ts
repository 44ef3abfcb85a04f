import type { EventBus, EventHandler } from '@edicola/platform';
import { creditNoteForRefund, providerRefund } from '../invoices/credit-notes';
import { applyPaymentRefunded } from '../orders/payment-state';

/** svc-orders' handler of 'payment.refunded' (see applyPaymentRefunded, creditNoteForRefund). */
export function onPaymentRefunded(bus: EventBus): EventHandler<'payment.refunded'> {
  return async (event, tx) => {
    await applyPaymentRefunded(tx, bus, event.data);
    // A refund of an invoiced order gets its credit note (TD04), once per refund id, whatever the outcome above.
    await creditNoteForRefund(tx, providerRefund(event.data));
  };
}
