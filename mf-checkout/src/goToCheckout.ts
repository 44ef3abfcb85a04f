import { emitDomEvent } from '@edicola/web-kit';

/**
 * docs/product/cart-and-checkout.md#vai-al-checkout: the checkout opens about 1 s after 'Vai al Checkout', on
 * /prodotti.
 */
export const CHECKOUT_OPEN_DELAY_MS = 1000;

/** Opens the checkout at the choice of payment method in a moment (the cart button listens, on every page). */
export function openCheckoutSoon(): void {
  setTimeout(() => emitDomEvent('edicola:checkout-open', { step: 'payment' }), CHECKOUT_OPEN_DELAY_MS);
}

/** Goes to the catalogue and opens the checkout at the choice of payment method a moment later. */
export function goToCheckout(navigate: (to: string) => void): void {
  navigate('/prodotti');
  openCheckoutSoon();
}
