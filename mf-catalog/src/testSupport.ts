// Helpers for this slice's tests only (never imported by the exposed modules).
import { createElement, useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { Article } from '@edicola/contracts';
import { initTestI18n as initSharedTestI18n } from '@edicola/web-testing';
import { registerTranslations } from './i18n';

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
    slug: 'ferrari-sf-23-1-18',
    sku: 'F1-FER-SF23-18',
    ean: '8012345678901',
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
    photo_url: '/media/articles/ferrari-sf23-400.webp',
    photos: [
      {
        id: 'p1',
        url: '/media/articles/ferrari-sf23-400.webp',
        zoom_url: '/media/articles/ferrari-sf23-1600.webp',
        alt: 'Ferrari SF-23 1:18, vista laterale',
      },
    ],
    attributes: { scale: '1:18', maker: 'Bburago' },
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: true,
    share_instagram: true,
    share_whatsapp: false,
    sale_starts_at: null,
    max_per_buyer: null,
    deposit_percent: 0,
    created_at: '2025-09-01T10:00:00.000Z',
    updated_at: '2025-09-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The shared i18next instance as the shell would leave it, with this slice's namespace added. */
export const initTestI18n = (language = 'it') => initSharedTestI18n(registerTranslations, language);

export { htmlResponse, jsonResponse } from '@edicola/web-testing';

/** Where a test's router is, how it got there, and a way to go Back (the declarative router of the slices). */
export const router = {
  path: '',
  search: '',
  action: '',
  navigate: (_to: number) => undefined as unknown,
};

function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  const action = useNavigationType();
  useEffect(() => {
    Object.assign(router, {
      path: location.pathname,
      search: location.search,
      action,
      navigate: (to: number) => navigate(to),
    });
  }, [location, navigate, action]);
  return null;
}

/** `page` in a memory router at `path`, with the router probe beside it. */
export const inRouter = (path: string, page: ReactNode) =>
  createElement(MemoryRouter, { initialEntries: [path] }, page, createElement(RouterProbe));
