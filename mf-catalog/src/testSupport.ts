// Helpers for this slice's tests only (never imported by the exposed modules).
import type { Article } from '@edicola/contracts';
import { initTestI18n as initSharedTestI18n } from '@edicola/web-testing';
import { registerTranslations } from './i18n';

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

/** The shared i18next instance as the shell would leave it, with this slice's namespace added. */
export const initTestI18n = (language = 'it') => initSharedTestI18n(registerTranslations, language);

export { htmlResponse, jsonResponse } from '@edicola/web-testing';
