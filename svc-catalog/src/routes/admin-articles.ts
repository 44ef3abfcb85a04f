import type { Response, Router } from 'express';
import {
  endpoint,
  type AdminArticle,
  type Endpoint,
  type ArticleDeleted,
  type ArticleIdParams,
  type AdminArticleCounts,
  type AdminArticlePage,
  type ProductType,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  HttpError,
  notFound,
  routeServer,
  type Input,
  type Db,
  type EventBus,
  type TokenVerifier,
} from '@edicola/platform';
import { createArticle, deleteArticle, setArticleActive, updateArticle } from '../articles/editing';
import { addPhoto, adminArticle, deletePhoto, reorderPhotos } from '../articles/photos';
import { articleCounts, searchArticles } from '../articles/queries';
import type { ResponseCache } from '../cache/response-cache';
import { prepareArticlePhoto } from '../photos/processing';
import { articleFormUpload } from '../photos/upload';

/**
 * The back office's article screens: every article including inactive ones (searched, filtered, sorted
 * and paged here), create and edit as multipart forms with an optional photo, the quick active toggle (staff);
 * delete (admin only). The stock's routes are in stock.ts. Every write drops the
 * public list cache once committed.
 */
export function adminArticleRoutes(
  router: Router,
  db: Db,
  verifier: TokenVerifier,
  cache: ResponseCache,
  bus: EventBus,
) {
  const serve = routeServer(router, verifier);
  const list =
    (type?: ProductType) =>
    ({ query }: Input<Endpoint<'GET /api/articles'>>): Promise<AdminArticlePage> =>
      searchArticles(db, query, type);

  serve(endpoint('GET /api/articles'), list());
  serve(endpoint('GET /api/admin/articles/prevendita'), list('prevendita'));
  serve(endpoint('GET /api/admin/articles/prenotazione'), list('prenotazione'));
  serve(endpoint('GET /api/admin/articles/counts'), (): Promise<AdminArticleCounts> => articleCounts(db));

  serve(
    endpoint('POST /api/articles'),
    [articleFormUpload],
    async ({ body }, req, res): Promise<AdminArticle> => {
      const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
      const row = await createArticle(db, bus, body, photo, auditBy(bus, res), authOf(res).name);
      cache.invalidate();
      res.status(201);
      return adminArticle(db, row);
    },
  );

  serve(
    endpoint('PUT /api/articles/:id'),
    [articleFormUpload],
    async ({ params, body }, req, res): Promise<AdminArticle> => {
      const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
      const row = await updateArticle(db, bus, params.id, body, photo, auditBy(bus, res));
      if (!row) throw notFound('Articolo non trovato');
      cache.invalidate();
      return adminArticle(db, row);
    },
  );

  serve(
    endpoint('PATCH /api/articles/:id/active'),
    async ({ params, body }, _req, res): Promise<AdminArticle> => {
      const row = await setArticleActive(db, bus, params.id, body.is_active, auditBy(bus, res));
      if (!row) throw notFound('Articolo non trovato');
      cache.invalidate();
      return adminArticle(db, row);
    },
  );

  const remove = async (
    { params }: { params: ArticleIdParams },
    _req: unknown,
    res: Response,
  ): Promise<ArticleDeleted> => {
    if (!(await deleteArticle(db, bus, params.id, auditBy(bus, res)))) throw notFound('Articolo non trovato');
    cache.invalidate();
    return { message: 'Articolo eliminato con successo!', id: params.id };
  };
  serve(endpoint('DELETE /articles/:id'), remove);
  serve(endpoint('DELETE /api/articles/:id'), remove);

  // An article's photos (docs/product/article-pages.md#photos): each change is an article change for the channels
  // and the public reads, not an edit of the form (its version stays).
  serve(
    endpoint('POST /api/articles/:id/photos'),
    [articleFormUpload],
    async ({ params, body }, req, res): Promise<AdminArticle> => {
      if (!req.file) throw new HttpError(422, 'Scegli la foto da aggiungere (campo "photo")');
      const photo = await prepareArticlePhoto(req.file.buffer);
      const article = await addPhoto(db, bus, params.id, photo, body.alt, auditBy(bus, res));
      cache.invalidate();
      res.status(201);
      return article;
    },
  );
  serve(
    endpoint('PUT /api/articles/:id/photos'),
    async ({ params, body }, _req, res): Promise<AdminArticle> => {
      const article = await reorderPhotos(db, bus, params.id, body, auditBy(bus, res));
      cache.invalidate();
      return article;
    },
  );
  serve(
    endpoint('DELETE /api/articles/:id/photos/:photo_id'),
    async ({ params }, _req, res): Promise<AdminArticle> => {
      const article = await deletePhoto(db, bus, params.id, params.photo_id, auditBy(bus, res));
      cache.invalidate();
      return article;
    },
  );
}
