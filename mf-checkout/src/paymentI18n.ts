import i18next, { type i18n } from 'i18next';
import { type Language } from '@edicola/contracts';
import { registerNamespace } from '@edicola/web-kit';
import it from './locales/payment/it.json';

/**
 * The namespace of the online payments (docs/product/cart-and-checkout.md#messages): the checkout's card,
 * Klarna and PayPal texts and the
 * payment pages (/checkout/success, /checkout/cancelled, /payment-success, /pagamento-demo).
 */
export const PAYMENT_NAMESPACE = 'checkoutPayment';

/** Italian ships with the code; each other language is a chunk of its own, loaded when it is chosen. */
const load = (language: Language): Promise<object> =>
  import(`./locales/payment/${language}.json`).then((module: { default: object }) => module.default);

export function registerPaymentTranslations(instance: i18n = i18next) {
  registerNamespace(instance, PAYMENT_NAMESPACE, { it, load });
}
