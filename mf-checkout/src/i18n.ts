import i18next, { type i18n } from 'i18next';
import { registerNamespace } from '@edicola/contracts';
import { checkoutTranslations } from './locales';

export const NAMESPACE = 'checkout';

/** Adds this slice's namespace to the shared i18next instance the shell initialised. */
export function registerTranslations(instance: i18n = i18next) {
  registerNamespace(instance, NAMESPACE, checkoutTranslations);
}
