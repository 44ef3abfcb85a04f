import {
  AdminArticle,
  AdminArticleCounts,
  AdminArticlePage,
  IvaOptionList,
  StockAdjusted,
  StockMovementList,
  type AdminArticleQuery,
  type ProductType,
  type StockAdjustmentRequest,
} from '@edicola/contracts';
import { uploadWithProgress, type ApiClient } from '@edicola/web-kit';
import { z } from 'zod';

const Deleted = z.object({ id: z.string() });

/** Where each list lives: every article, or the pre-sale / reservation ones (SPEC §7). */
const LIST_PATHS: Record<'all' | Exclude<ProductType, 'normale'>, string> = {
  all: '/api/articles',
  prevendita: '/api/admin/articles/prevendita',
  prenotazione: '/api/admin/articles/prenotazione',
};

export const articlesApi = (client: ApiClient) => ({
  /** A page of articles, searched, filtered and sorted on the server. */
  list: (kind: keyof typeof LIST_PATHS, query: AdminArticleQuery, signal?: AbortSignal) =>
    client.call('GET', LIST_PATHS[kind], { query, signal, schema: AdminArticlePage }),
  counts: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/articles/counts', { signal, schema: AdminArticleCounts }),
  ivaOptions: (signal?: AbortSignal) =>
    client.call('GET', '/api/config/iva-options', { signal, schema: IvaOptionList }),
  /** POST /api/articles or PUT /api/articles/{id} as a multipart form, reporting the upload's progress. */
  save: (id: string | null, form: FormData, onProgress?: (fraction: number) => void) =>
    uploadWithProgress(
      client,
      id ? 'PUT' : 'POST',
      id ? `/api/articles/${encodeURIComponent(id)}` : '/api/articles',
      form,
      {
        onProgress,
        schema: AdminArticle,
      },
    ),
  setActive: (id: string, isActive: boolean) =>
    client.call('PATCH', `/api/articles/${encodeURIComponent(id)}/active`, {
      body: { is_active: isActive },
      schema: AdminArticle,
    }),
  remove: (id: string) =>
    client.call('DELETE', `/api/articles/${encodeURIComponent(id)}`, { schema: Deleted }),
  stockHistory: (id: string, signal?: AbortSignal) =>
    client.call('GET', `/api/articles/${encodeURIComponent(id)}/stock`, {
      signal,
      schema: StockMovementList,
    }),
  adjustStock: (id: string, change: StockAdjustmentRequest) =>
    client.call('POST', `/api/articles/${encodeURIComponent(id)}/stock`, {
      body: change,
      schema: StockAdjusted,
    }),
});
