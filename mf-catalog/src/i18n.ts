import i18next, { type i18n } from 'i18next';
import { type Language } from '@edicola/contracts';
import { registerNamespace } from '@edicola/web-kit';
import it from './locales/it.json';

export const NAMESPACE = 'catalog';

/** Italian ships with the code; each other language is a chunk of its own, loaded when it is chosen. */
const load = (language: Language): Promise<object> =>
  import(`./locales/${language}.json`).then((module: { default: object }) => module.default);

/** Adds this slice's namespace to the shared i18next instance the shell initialised. */
export function registerTranslations(instance: i18n = i18next) {
  registerNamespace(instance, NAMESPACE, { it, load });
}
