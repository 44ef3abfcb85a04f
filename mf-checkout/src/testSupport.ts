// Helpers for this slice's tests only (never imported by the exposed modules).
import type { Article } from '@edicola/contracts';
import { initTestI18n as initSharedTestI18n } from '@edicola/web-testing';
import { registerDialogTranslations } from './dialogI18n';
import { registerTranslations } from './i18n';

/** The shared i18next instance as the shell would leave it, with this slice's namespace added. */
export const initTestI18n = (language = 'it') =>
  initSharedTestI18n((instance) => {
    registerTranslations(instance);
    registerDialogTranslations(instance);
  }, language);

/** An article as GET /public/articles serves it. */
export function article(overrides: Partial<Article> & Pick<Article, 'id'>): Article {
  return {
    slug: `articolo-${overrides.id}`,
    sku: `SKU-${overrides.id}`,
    ean: null,
    title: `Articolo ${overrides.id}`,
    description: 'Descrizione',
    category: 'Modellismo',
    product_type: 'normale',
    availability_date: null,
    price: 10,
    iva_percentage: 22,
    quantity_stock: 10,
    weight: null,
    dimensions: null,
    photo_url: null,
    photos: [],
    attributes: {},
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: false,
    share_instagram: false,
    share_whatsapp: false,
    sale_starts_at: null,
    max_per_buyer: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
