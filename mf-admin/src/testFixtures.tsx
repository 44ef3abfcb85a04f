// The back office as this slice's tests find it: one article, one review, one paid card order, and the calls every
// screen makes (tests only; never imported by the exposed modules).
import { fireEvent, render, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type {
  AdminArticle,
  EbayListing,
  ListedOrder,
  Order,
  Review,
  RuntimeConfig,
} from '@edicola/contracts';
import AdminApp from './AdminApp';
import { serveApi, type ServedCall } from './testSupport';

export const API = 'http://api.test:8080';
export const config: RuntimeConfig = {
  apiBaseUrl: API,
  mediaBaseUrl: API,
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

export type Handlers = Parameters<typeof serveApi>[1];

export const sampleArticle = (changes: Partial<AdminArticle> = {}): AdminArticle => ({
  id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
  slug: 'ferrari-312t',
  sku: 'F1-312T',
  title: 'Ferrari 312T',
  description: 'Lauda 1975',
  category: 'Modellismo',
  product_type: 'normale',
  availability_date: null,
  price: 49.9,
  iva_percentage: 22,
  quantity_stock: 1,
  weight: 0.4,
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
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ean: null,
  low_stock_threshold: 2,
  version: 3,
  ...changes,
});

/** A photo of the sample article as the API serves it (ids are uuids, as the photo routes take them). */
export const samplePhoto = (n: number, alt = 'Ferrari 312T') => ({
  id: `0c0ffee0-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: `/media/articles/photo${n}-400.webp`,
  zoom_url: `/media/articles/photo${n}-1600.webp`,
  alt,
});

/** The sample article's eBay settings and listing: not on eBay. */
export const sampleListing = (changes: Partial<EbayListing> = {}): EbayListing => ({
  article_id: sampleArticle().id,
  enabled: false,
  price: null,
  buffer: 0,
  state: 'not_listed',
  listing_id: null,
  listing_url: null,
  quantity_on_ebay: null,
  error: null,
  updated_at: null,
  ...changes,
});

export const sampleReview = (article: AdminArticle, changes: Partial<Review> = {}): Review => ({
  id: 'r1',
  article_id: article.id,
  order_id: null,
  article_title: article.title,
  rating: 4,
  title: 'Bellissimo',
  comment: 'Arrivato in 2 giorni',
  customer_name: 'Mario',
  customer_email: 'mario@example.it',
  is_verified_purchase: false,
  helpful_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  approved: false,
  admin_reply: null,
  ...changes,
});

/** A paid card order of two Ferrari 312T, shipped to Naples, with no invoice and no shipment yet. */
export const sampleOrder = (changes: Partial<Order> = {}): Order => ({
  refunds: [],
  id: '0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a',
  order_reference: 'ORD-3D4C5B6A',
  order_date: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  order_version: 1,
  customer_id: null,
  customer_info: {
    name: 'Maria Rossi',
    email: 'maria@example.it',
    phone: '333 1234567',
    address: 'Via Toledo 1',
    city: 'Napoli',
    zipCode: '80134',
    notes: null,
    country: 'IT',
  },
  items: [
    {
      article_id: 'a1',
      sku: 'F1-312T',
      title: 'Ferrari 312T',
      quantity: 2,
      price: 40.9,
      iva_percentage: 22,
      unit_gross: 49.9,
      line_total: 99.8,
      discount: 0,
    },
  ],
  subtotal_amount: 99.8,
  shipping_cost: 9,
  total_amount: 108.8,
  discount_code: null,
  discount_amount: 0,
  shipping_country: 'IT',
  payment_method: 'card',
  payment_status: 'paid',
  payment_intent_id: 'pi_123',
  channel: 'web',
  external_id: null,
  stock_conflict: false,
  payment_demo: true,
  refunded_amount: 0,
  payment_issue: null,
  tracking_number: null,
  packlink_shipment_id: null,
  packlink_data: null,
  invoice_data: null,
  payment_due_at: null,
  transfer_payment: null,
  refund: null,
  ...changes,
});

const noOrders = {
  orders: [],
  counts: { all: 0, pending: 0, paid: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 },
  total: 0,
  page: 1,
  page_size: 1,
};

/** The calls the back office's frame makes on every screen (the user, the tabs' counts), then `extra`. */
/** GET /api/admin/home of a shop with nothing waiting. */
export const nothingToDo = {
  to_confirm: { count: 0, orders: [] },
  to_ship: { count: 0, orders: [] },
  transfers_due: { count: 0, orders: [] },
  shipment_problems: { count: 0, orders: [] },
  sdi_rejections: [],
};

export function staffApi(
  extra: Handlers = {},
  frame: {
    role?: 'admin' | 'staff' | 'cashier';
    lowStock?: number;
    orders?: unknown;
    reviewStats?: object;
    /** GET /api/admin/home's answer: nothing to do unless given. */
    home?: object;
  } = {},
) {
  return serveApi(API, {
    'GET /api/auth/me': () => [200, { user_id: 'u1', username: 'gennaro', role: frame.role ?? 'staff' }],
    'GET /api/admin/articles/counts': () => [
      200,
      { articles: 1, prevendita: 0, prenotazione: 0, low_stock: frame.lowStock ?? 0 },
    ],
    'GET /api/orders': () => [200, frame.orders ?? noOrders],
    'GET /api/admin/reviews/stats': () => [
      200,
      frame.reviewStats ?? { total_reviews: 0, approved_reviews: 0, pending_reviews: 0, average_rating: 0 },
    ],
    'GET /api/admin/shipping/rules': () => [200, []],
    'GET /api/admin/home': () => [200, frame.home ?? nothingToDo],
    // eBay: the sample article is not on eBay, no eBay order lacks its stock.
    [`GET /api/articles/${sampleArticle().id}/ebay`]: () => [200, sampleListing()],
    'GET /api/orders/stock-conflicts': () => [200, []],
    ...extra,
  });
}

function Location() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** The back office at `path`, signed in, with the current location shown as `location` for the test to read. */
export function renderAdminAt(path: string) {
  localStorage.setItem('access_token', 'tok-1');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/gestione/*" element={<AdminApp config={config} />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

/** The calls made of `method path`. */
export const sent = (calls: ServedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

/** An order as the Ordini list answers it: with its lines to pack (no photo unless given). */
export const listed = (order: Order, thumbnail: string | null = null): ListedOrder => ({
  ...order,
  lines: order.items.map((item) => ({
    article_id: item.article_id,
    title: item.title,
    quantity: item.quantity,
    thumbnail_url: thumbnail,
  })),
});

/** The 'Altre azioni' menu of an order row, opened (undefined when the row has no other actions). */
export function openRowMenu(row: HTMLElement): HTMLElement | undefined {
  const button = within(row).queryByRole('button', { name: /^Altre azioni: / });
  if (!button) return undefined;
  if (button.getAttribute('aria-expanded') !== 'true') fireEvent.click(button);
  return within(row).getByRole('menu');
}

/** An order row's action by its name ('Fattura: ORD-3D4C5B6A'): the primary button, else the menu's item. */
export function rowAction(row: HTMLElement, name: string): HTMLElement {
  const button = within(row).queryByRole('button', { name });
  if (button) return button;
  return within(openRowMenu(row)!).getByRole('menuitem', { name });
}

/**
 * An order row's actions as staff see them: the primary button, then the menu's items in order, '(off)' when
 * disabled and '!' before a destructive one; the menu is closed again.
 */
export function rowActionNames(row: HTMLElement): string[] {
  const off = (element: HTMLElement) =>
    (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true'
      ? ' (off)'
      : '';
  const primary = within(row)
    .queryAllByRole('button')
    .filter((b) => !b.hasAttribute('aria-haspopup'))
    .map((b) => `${b.textContent}${off(b)}`);
  const menu = openRowMenu(row);
  const items = menu
    ? within(menu)
        .getAllByRole('menuitem')
        .map(
          (item) => `${item.classList.contains('adm-menu-danger') ? '!' : ''}${item.textContent}${off(item)}`,
        )
    : [];
  if (menu) fireEvent.keyDown(menu, { key: 'Escape' });
  return [...primary, ...items];
}
