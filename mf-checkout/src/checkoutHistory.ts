/**
 * The checkout's entry in the browser's history (docs/product/cart-and-checkout.md#back-button): opening the
 * cart or the checkout pushes an entry of the same address, so the browser's Back closes the dialog and the
 * shopper stays on the page; Forward opens it again at the same step (the typed details are in the draft).
 * The entry keeps the router's own state (its index), adding only its mark.
 */
export type CheckoutEntryStep = 'cart' | 'payment';

const MARK = 'edicolaCheckout';

/** The step the checkout was opened at when `state` (a history entry's) is the checkout's entry, else null. */
export function checkoutEntryStep(state: unknown = window.history.state): CheckoutEntryStep | null {
  if (!state || typeof state !== 'object') return null;
  const step = (state as Record<string, unknown>)[MARK];
  return step === 'cart' || step === 'payment' ? step : null;
}

/** Opening: a new entry, or the current one when the dialog already has it (no second entry). */
export function enterCheckout(step: CheckoutEntryStep): void {
  const state = { ...(window.history.state as object | null), [MARK]: step };
  if (checkoutEntryStep()) window.history.replaceState(state, '');
  else window.history.pushState(state, '');
}

/** Closing from the dialog (its close button, the confirmation): the entry is taken back, none stays behind. */
export function leaveCheckout(): void {
  if (checkoutEntryStep()) window.history.back();
}

/** Calls `onMove` with the step of the entry Back or Forward arrived at (null: not the checkout's). */
export function followCheckoutHistory(onMove: (step: CheckoutEntryStep | null) => void): () => void {
  const onPopState = (event: PopStateEvent) => onMove(checkoutEntryStep(event.state));
  window.addEventListener('popstate', onPopState);
  return () => window.removeEventListener('popstate', onPopState);
}
