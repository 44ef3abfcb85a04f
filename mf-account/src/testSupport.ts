// Helpers for this slice's tests only (never imported by the exposed modules).
import { initTestI18n as initSharedTestI18n } from '@edicola/web-testing';
import { registerTranslations } from './i18n';

/** The shared i18next instance as the shell would leave it, with this slice's namespace added. */
export const initTestI18n = (language = 'it') => initSharedTestI18n(registerTranslations, language);

export { jsonResponse } from '@edicola/web-testing';
