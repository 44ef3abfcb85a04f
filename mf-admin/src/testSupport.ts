// Helpers for this slice's tests only (never imported by the exposed modules).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { registerTranslations } from './i18n';

/** The shared i18next instance as the shell would leave it: initialised, then this namespace added. */
export async function initTestI18n(language = 'it') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'it',
      resources: {},
      interpolation: { escapeValue: false },
    });
  }
  registerTranslations(i18next);
  await i18next.changeLanguage(language);
  return i18next;
}

/** A minimal fetch Response for jsdom, where the real one is not available. */
export function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}
