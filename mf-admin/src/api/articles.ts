import {
  AdminArticle,
  AdminArticleCounts,
  AdminArticlePage,
  IvaOptionList,
  ROUTES,
  StockAdjusted,
  StockMovementList,
  uploadWithProgress,
  type AdminArticleQuery,
  type ApiClient,
  type ProductType,
  type Route,
  type StockAdjustmentRequest,
} from '@edicola/contracts';
import { z } from 'zod';
import { parsedBy } from './parsed';

const Deleted = z.object({ id: z.string() });

/** Where each list lives: every article, or the pre-sale / reservation ones (SPEC §7). */
const LISTS = {
  all: ROUTES['GET /api/articles'],
  prevendita: ROUTES['GET /api/admin/articles/prevendita'],
  prenotazione: ROUTES['GET /api/admin/articles/prenotazione'],
} satisfies Record<'all' | Exclude<ProductType, 'normale'>, Route>;

export const articlesApi = (client: ApiClient) => ({
  /** A page of articles, searched, filtered and sorted on the server. */
  list: (kind: keyof typeof LISTS, query: AdminArticleQuery, signal?: AbortSignal) =>
    client.call(LISTS[kind], { query, signal, check: parsedBy(AdminArticlePage) }),
  counts: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/articles/counts'], { signal, check: parsedBy(AdminArticleCounts) }),
  ivaOptions: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/config/iva-options'], { signal, check: parsedBy(IvaOptionList) }),
  /** POST /api/articles or PUT /api/articles/{id} as a multipart form, reporting the upload's progress. */
  save: (id: string | null, form: FormData, onProgress?: (fraction: number) => void) =>
    uploadWithProgress(client, id ? ROUTES['PUT /api/articles/:id'] : ROUTES['POST /api/articles'], form, {
      params: id ? { id } : {},
      onProgress,
      check: parsedBy(AdminArticle),
    }),
  setActive: (id: string, isActive: boolean) =>
    client.call(ROUTES['PATCH /api/articles/:id/active'], {
      params: { id },
      body: { is_active: isActive },
      check: parsedBy(AdminArticle),
    }),
  remove: (id: string) =>
    client.call(ROUTES['DELETE /api/articles/:id'], { params: { id }, check: parsedBy(Deleted) }),
  stockHistory: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/articles/:id/stock'], {
      params: { id },
      signal,
      check: parsedBy(StockMovementList),
    }),
  adjustStock: (id: string, change: StockAdjustmentRequest) =>
    client.call(ROUTES['POST /api/articles/:id/stock'], {
      params: { id },
      body: change,
      check: parsedBy(StockAdjusted),
    }),
});
