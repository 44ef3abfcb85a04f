// Helpers for this slice's tests only (never imported by the exposed modules).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Article } from '@edicola/contracts';
import { registerTranslations } from './i18n';

/** The shared i18next instance as the shell would leave it: initialised, Italian, then this namespace added. */
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

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
    sku: 'F1-FER-SF23-18',
    title: 'Ferrari SF-23 1:18',
    description: 'Modellino in scala 1:18 della Ferrari SF-23, stagione 2023.',
    category: 'Modellismo',
    product_type: 'normale',
    availability_date: null,
    price: 24.59,
    iva_percentage: 22,
    quantity_stock: 3,
    weight: 0.8,
    dimensions: '30x15x12 cm',
    photo_url: '/media/articles/ferrari-sf23.webp',
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: true,
    share_instagram: true,
    share_whatsapp: false,
    created_at: '2025-09-01T10:00:00.000Z',
    updated_at: '2025-09-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A minimal fetch Response for jsdom, where the real one is not available. */
export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  } as Response;
}

/** A Response whose body is not JSON (an HTML error page from a proxy, say). */
export function htmlResponse(status: number): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse('<html>Bad Gateway</html>'),
  } as Response;
}
