import i18next, { type i18n } from 'i18next';
import { registerNamespace } from '@edicola/contracts';
import { catalogTranslations } from './locales';

export const NAMESPACE = 'catalog';

/** Adds this slice's namespace to the shared i18next instance the shell initialised. */
export function registerTranslations(instance: i18n = i18next) {
  registerNamespace(instance, NAMESPACE, catalogTranslations);
}
