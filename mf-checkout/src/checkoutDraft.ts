import { EMPTY_FORM, type DetailsForm } from './checkoutForm';
import { createAttemptKeys } from './payments';
import type { CheckoutPaymentMethod } from './ui/PaymentStep';
import type { Zone } from './shipping';

/** What the shopper chose in the checkout: the shipping zone, the typed details and the payment method. */
export interface CheckoutDraft {
  zone: Zone;
  form: DetailsForm;
  method: CheckoutPaymentMethod;
}

export const EMPTY_DRAFT: CheckoutDraft = { zone: 'national', form: EMPTY_FORM, method: 'transfer' };

/** Keeps a draft between openings of the checkout. */
function createDraftStore() {
  let current = EMPTY_DRAFT;
  return {
    get: (): CheckoutDraft => current,
    set(draft: CheckoutDraft): void {
      current = draft;
    },
  };
}

/** The page's draft: it survives closing and reopening the cart, until an order is placed. */
export const checkoutDraft = createDraftStore();

/** The Idempotency-Key of the current checkout attempt (kept across closing and reopening, like the draft). */
export const checkoutAttempts = createAttemptKeys();

/** Forget the chosen zone, method and typed details, and start a new checkout attempt. */
export function resetDraft(): void {
  checkoutDraft.set(EMPTY_DRAFT);
  checkoutAttempts.reset();
}
