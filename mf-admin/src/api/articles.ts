import {
  AdminArticle,
  AdminArticleCounts,
  AdminArticlePage,
  ArrivalResult,
  EbayListing,
  IvaOptionList,
  ROUTES,
  StockAdjusted,
  StockLookup,
  StockMovementList,
  StockAlertWaiting,
  type AdminArticleQuery,
  type ArrivalRequest,
  type ArticlePhotosOrder,
  type EbayListingSettingsRequest,
  type ExternalSaleRequest,
  type ProductType,
  type Route,
  type StockAdjustmentRequest,
} from '@edicola/contracts';
import { uploadWithProgress, type ApiClient } from '@edicola/web-kit';
import { z } from 'zod';

const Deleted = z.object({ id: z.string() });

/**
 * Where each list lives: every article, or the pre-sale / reservation ones
 * (docs/product/http-routes.md#svc-catalog).
 */
const LISTS = {
  all: ROUTES['GET /api/articles'],
  prevendita: ROUTES['GET /api/admin/articles/prevendita'],
  prenotazione: ROUTES['GET /api/admin/articles/prenotazione'],
} satisfies Record<'all' | Exclude<ProductType, 'normale'>, Route>;

export const articlesApi = (client: ApiClient) => ({
  /** A page of articles, searched, filtered and sorted on the server. */
  list: (kind: keyof typeof LISTS, query: AdminArticleQuery, signal?: AbortSignal) =>
    client.call(LISTS[kind], { query, signal, schema: AdminArticlePage }),
  /** GET /api/admin/stock-alerts/waiting (svc-notify): per article, the confirmed back-in-stock alerts not yet told. */
  waitingAlerts: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/stock-alerts/waiting'], { signal, schema: StockAlertWaiting }),
  counts: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/articles/counts'], { signal, schema: AdminArticleCounts }),
  ivaOptions: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/config/iva-options'], { signal, schema: IvaOptionList }),
  /** POST /api/articles or PUT /api/articles/{id} as a multipart form, reporting the upload's progress. */
  save: (id: string | null, form: FormData, onProgress?: (fraction: number) => void) =>
    uploadWithProgress(client, id ? ROUTES['PUT /api/articles/:id'] : ROUTES['POST /api/articles'], form, {
      params: id ? { id } : {},
      onProgress,
      schema: AdminArticle,
    }),
  /** POST /api/articles/{id}/photos: one more photo (file and alt text), reporting the upload's progress. */
  addPhoto: (id: string, photo: File, alt: string, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append('photo', photo);
    if (alt.trim() !== '') form.append('alt', alt.trim());
    return uploadWithProgress(client, ROUTES['POST /api/articles/:id/photos'], form, {
      params: { id },
      onProgress,
      schema: AdminArticle,
    });
  },
  /** PUT /api/articles/{id}/photos: every photo in its new order with its alt text; the first is the cover. */
  orderPhotos: (id: string, order: ArticlePhotosOrder) =>
    client.call(ROUTES['PUT /api/articles/:id/photos'], {
      params: { id },
      body: order,
      schema: AdminArticle,
    }),
  removePhoto: (id: string, photoId: string) =>
    client.call(ROUTES['DELETE /api/articles/:id/photos/:photo_id'], {
      params: { id, photo_id: photoId },
      schema: AdminArticle,
    }),
  setActive: (id: string, isActive: boolean) =>
    client.call(ROUTES['PATCH /api/articles/:id/active'], {
      params: { id },
      body: { is_active: isActive },
      schema: AdminArticle,
    }),
  remove: (id: string) =>
    client.call(ROUTES['DELETE /api/articles/:id'], { params: { id }, schema: Deleted }),
  /** GET /api/articles/{id}/stock-movements: the article's whole stock ledger, newest first. */
  stockHistory: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/articles/:id/stock-movements'], {
      params: { id },
      signal,
      schema: StockMovementList,
    }),
  adjustStock: (id: string, change: StockAdjustmentRequest) =>
    client.call(ROUTES['POST /api/articles/:id/stock'], {
      params: { id },
      body: change,
      schema: StockAdjusted,
    }),
  /** POST /api/articles/{id}/arrivals: a pre-sale's delivery, whose units go to its pre-orders in order. */
  recordArrival: (id: string, arrival: ArrivalRequest) =>
    client.call(ROUTES['POST /api/articles/:id/arrivals'], {
      params: { id },
      body: arrival,
      schema: ArrivalResult,
    }),
  /** GET /api/stock/lookup?q=: articles by EAN or SKU (exact) or part of the title, as the counter sees them. */
  lookup: (q: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/stock/lookup'], { query: { q }, signal, schema: StockLookup }),
  /** POST /api/stock/external-sales: units sold elsewhere (Subito, eBay…) leave the same stock. */
  externalSale: (sale: ExternalSaleRequest, idempotencyKey: string) =>
    client.call(ROUTES['POST /api/stock/external-sales'], {
      body: sale,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: StockAdjusted,
    }),
  /** GET /api/articles/{id}/ebay: the article's eBay settings and its listing's state. */
  ebay: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/articles/:id/ebay'], { params: { id }, signal, schema: EbayListing }),
  /** PUT /api/articles/{id}/ebay: list the article on eBay or withdraw it. */
  saveEbay: (id: string, settings: EbayListingSettingsRequest) =>
    client.call(ROUTES['PUT /api/articles/:id/ebay'], {
      params: { id },
      body: settings,
      schema: EbayListing,
    }),
});
