import type { Router } from 'express';
import {
  ArticleDeleted,
  ArticleForm,
  ArticleIdParams,
  type Article,
  type ArticleList,
  type ProductType,
} from '@edicola/contracts';
import { handle, notFound, requireAuth, type Db, type TokenVerifier } from '@edicola/platform';
import { createArticle, deleteArticle, updateArticle } from '../articles/editing';
import { toArticle } from '../articles/mapping';
import { listAllArticles } from '../articles/queries';
import type { ResponseCache } from '../cache/response-cache';
import { prepareArticlePhoto } from '../photos/processing';
import { articleFormUpload } from '../photos/upload';

/**
 * The back office's article screens (staff, both roles): every article including inactive ones,
 * create and edit as multipart forms with an optional photo, delete. Every write drops the public
 * list cache once committed.
 */
export function adminArticleRoutes(router: Router, db: Db, verifier: TokenVerifier, cache: ResponseCache) {
  const staff = requireAuth(verifier, { kind: 'staff' });
  const list = (type?: ProductType) => handle({}, (): Promise<ArticleList> => listAllArticles(db, type));

  router.get('/api/articles', staff, list());
  router.get('/api/admin/articles/prevendita', staff, list('prevendita'));
  router.get('/api/admin/articles/prenotazione', staff, list('prenotazione'));

  router.post(
    '/api/articles',
    staff,
    articleFormUpload,
    handle({ body: ArticleForm }, async ({ body }, req, res): Promise<Article> => {
      const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
      const row = await createArticle(db, body, photo);
      cache.invalidate();
      res.status(201);
      return toArticle(row);
    }),
  );

  router.put(
    '/api/articles/:id',
    staff,
    articleFormUpload,
    handle(
      { params: ArticleIdParams, body: ArticleForm },
      async ({ params, body }, req): Promise<Article> => {
        const photo = req.file ? await prepareArticlePhoto(req.file.buffer) : null;
        const row = await updateArticle(db, params.id, body, photo);
        if (!row) throw notFound('Articolo non trovato');
        cache.invalidate();
        return toArticle(row);
      },
    ),
  );

  const remove = handle({ params: ArticleIdParams }, async ({ params }): Promise<ArticleDeleted> => {
    if (!(await deleteArticle(db, params.id))) throw notFound('Articolo non trovato');
    cache.invalidate();
    return { message: 'Articolo eliminato con successo!', id: params.id };
  });
  router.delete('/articles/:id', staff, remove);
  router.delete('/api/articles/:id', staff, remove);
}
