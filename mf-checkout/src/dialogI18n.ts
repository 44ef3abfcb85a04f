import i18next, { type i18n } from 'i18next';
import { type Language } from '@edicola/contracts';
import { registerNamespace } from '@edicola/web-kit';
import it from './locales/dialog/it.json';

/** The namespace of the cart dialog and the checkout, registered when their chunk loads. */
export const DIALOG_NAMESPACE = 'checkoutDialog';

/** Italian ships with the code; each other language is a chunk of its own, loaded when it is chosen. */
const load = (language: Language): Promise<object> =>
  import(`./locales/dialog/${language}.json`).then((module: { default: object }) => module.default);

export function registerDialogTranslations(instance: i18n = i18next) {
  registerNamespace(instance, DIALOG_NAMESPACE, { it, load });
}
