import i18next, { type i18n } from 'i18next';
import { LANGUAGES } from '@edicola/contracts';
import { catalogTranslations } from './locales';

export const NAMESPACE = 'catalog';

/** Adds this slice's namespace to the shared i18next instance the shell initialised. */
export function registerTranslations(instance: i18n = i18next) {
  if (!instance.isInitialized) {
    instance.on('initialized', () => registerTranslations(instance));
    return;
  }
  for (const language of LANGUAGES) {
    if (!instance.hasResourceBundle(language, NAMESPACE)) {
      instance.addResourceBundle(language, NAMESPACE, catalogTranslations[language], true, false);
    }
  }
}
