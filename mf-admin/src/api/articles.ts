import {
  AdminArticle,
  AdminArticleCounts,
  AdminArticlePage,
  IvaOptionList,
  StockAdjusted,
  StockMovementList,
  uploadWithProgress,
  type AdminArticleQuery,
  type ApiClient,
  type ProductType,
  type StockAdjustmentRequest,
} from '@edicola/contracts';
import { z } from 'zod';
import { parsedBy } from './parsed';

const Deleted = z.object({ id: z.string() });

/**
 * Where each list lives: every article, or the pre-sale / reservation ones
 * (docs/product/http-routes.md#svc-catalog).
 */
const LIST_PATHS: Record<'all' | Exclude<ProductType, 'normale'>, string> = {
  all: '/api/articles',
  prevendita: '/api/admin/articles/prevendita',
  prenotazione: '/api/admin/articles/prenotazione',
};

export const articlesApi = (client: ApiClient) => ({
  /** A page of articles, searched, filtered and sorted on the server. */
  list: (kind: keyof typeof LIST_PATHS, query: AdminArticleQuery, signal?: AbortSignal) =>
    client.call('GET', LIST_PATHS[kind], { query, signal, check: parsedBy(AdminArticlePage) }),
  counts: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/articles/counts', { signal, check: parsedBy(AdminArticleCounts) }),
  ivaOptions: (signal?: AbortSignal) =>
    client.call('GET', '/api/config/iva-options', { signal, check: parsedBy(IvaOptionList) }),
  /** POST /api/articles or PUT /api/articles/{id} as a multipart form, reporting the upload's progress. */
  save: (id: string | null, form: FormData, onProgress?: (fraction: number) => void) =>
    uploadWithProgress(
      client,
      id ? 'PUT' : 'POST',
      id ? `/api/articles/${encodeURIComponent(id)}` : '/api/articles',
      form,
      {
        onProgress,
        check: parsedBy(AdminArticle),
      },
    ),
  setActive: (id: string, isActive: boolean) =>
    client.call('PATCH', `/api/articles/${encodeURIComponent(id)}/active`, {
      body: { is_active: isActive },
      check: parsedBy(AdminArticle),
    }),
  remove: (id: string) =>
    client.call('DELETE', `/api/articles/${encodeURIComponent(id)}`, { check: parsedBy(Deleted) }),
  stockHistory: (id: string, signal?: AbortSignal) =>
    client.call('GET', `/api/articles/${encodeURIComponent(id)}/stock`, {
      signal,
      check: parsedBy(StockMovementList),
    }),
  adjustStock: (id: string, change: StockAdjustmentRequest) =>
    client.call('POST', `/api/articles/${encodeURIComponent(id)}/stock`, {
      body: change,
      check: parsedBy(StockAdjusted),
    }),
});
