import type { Router } from 'express';
import {
  ADMIN_ONLY,
  AdminArticleQuery,
  ANY_STAFF,
  ArticleActiveRequest,
  ArticleDeleted,
  ArticleForm,
  ArticleIdParams,
  StockAdjustmentRequest,
  type AdminArticle,
  type AdminArticleCounts,
  type AdminArticlePage,
  type ProductType,
  type StockAdjusted,
  type StockMovement,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  handle,
  notFound,
  requireAuth,
  type Db,
  type EventBus,
  type TokenVerifier,
} from '@edicola/platform';
import { createArticle, deleteArticle, setArticleActive, updateArticle } from '../articles/editing';
import { toAdminArticle } from '../articles/mapping';
import { articleCounts, findArticle, searchArticles } from '../articles/queries';
import type { ResponseCache } from '../cache/response-cache';
import { prepareArticlePhoto } from '../photos/processing';
import { articleFormUpload } from '../photos/upload';
import { adjustStock, stockHistory, toStockMovement } from '../stock/adjustments';

/**
 * The back office's article screens: every article including inactive ones (searched, filtered, sorted
 * and paged here), create and edit as multipart forms with an optional photo, the quick active toggle,
 * stock moved by deltas with a reason (staff, both roles); delete (admin only). Every write drops the
 * public list cache once committed.
 */
export function adminArticleRoutes(
  router: Router,
  db: Db,
  verifier: TokenVerifier,
  cache: ResponseCache,
  bus: EventBus,
) {
  const staff = requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF });
  const adminOnly = requireAuth(verifier, { kind: 'staff', roles: ADMIN_ONLY });
  const list = (type?: ProductType) =>
    handle({ query: AdminArticleQuery }, ({ query }): Promise<AdminArticlePage> =>
      searchArticles(db, query, type),
    );

  router.get('/api/articles', staff, list());
  router.get('/api/admin/articles/prevendita', staff, list('prevendita'));
  router.get('/api/admin/articles/prenotazione', staff, list('prenotazione'));
  router.get(
    '/api/admin/articles/counts',
    staff,
    handle({}, (): Promise<AdminArticleCounts> => articleCounts(db)),
  );

  router.post(
    '/api/articles',
    staff,
    articleFormUpload,
    handle({ body: ArticleForm }, async ({ body }, req, res): Promise<AdminArticle> => {
      const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
      const row = await createArticle(db, body, photo, auditBy(bus, res));
      cache.invalidate();
      res.status(201);
      return toAdminArticle(row);
    }),
  );

  router.put(
    '/api/articles/:id',
    staff,
    articleFormUpload,
    handle(
      { params: ArticleIdParams, body: ArticleForm },
      async ({ params, body }, req, res): Promise<AdminArticle> => {
        const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
        const row = await updateArticle(db, params.id, body, photo, auditBy(bus, res));
        if (!row) throw notFound('Articolo non trovato');
        cache.invalidate();
        return toAdminArticle(row);
      },
    ),
  );

  router.patch(
    '/api/articles/:id/active',
    staff,
    handle(
      { params: ArticleIdParams, body: ArticleActiveRequest },
      async ({ params, body }, _req, res): Promise<AdminArticle> => {
        const row = await setArticleActive(db, params.id, body.is_active, auditBy(bus, res));
        if (!row) throw notFound('Articolo non trovato');
        cache.invalidate();
        return toAdminArticle(row);
      },
    ),
  );

  router.get(
    '/api/articles/:id/stock',
    staff,
    handle({ params: ArticleIdParams }, async ({ params }): Promise<StockMovement[]> => {
      if (!(await findArticle(db, params.id))) throw notFound('Articolo non trovato');
      return stockHistory(db, params.id);
    }),
  );

  router.post(
    '/api/articles/:id/stock',
    staff,
    handle(
      { params: ArticleIdParams, body: StockAdjustmentRequest },
      async ({ params, body }, _req, res): Promise<StockAdjusted> => {
        const { article, movement } = await adjustStock(
          db,
          params.id,
          body,
          authOf(res).name,
          auditBy(bus, res),
        );
        cache.invalidate();
        res.status(201);
        return { article: toAdminArticle(article), movement: toStockMovement(movement) };
      },
    ),
  );

  const remove = handle(
    { params: ArticleIdParams },
    async ({ params }, _req, res): Promise<ArticleDeleted> => {
      if (!(await deleteArticle(db, params.id, auditBy(bus, res)))) throw notFound('Articolo non trovato');
      cache.invalidate();
      return { message: 'Articolo eliminato con successo!', id: params.id };
    },
  );
  router.delete('/articles/:id', adminOnly, remove);
  router.delete('/api/articles/:id', adminOnly, remove);
}
