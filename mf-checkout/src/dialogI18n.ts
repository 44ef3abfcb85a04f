import i18next, { type i18n } from 'i18next';
import { registerNamespace } from '@edicola/contracts';
import { dialogTranslations } from './locales/dialog';

/** The namespace of the cart dialog and the checkout, registered when their chunk loads. */
export const DIALOG_NAMESPACE = 'checkoutDialog';

export function registerDialogTranslations(instance: i18n = i18next) {
  registerNamespace(instance, DIALOG_NAMESPACE, dialogTranslations);
}
