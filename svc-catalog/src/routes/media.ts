import { eq } from 'drizzle-orm';
import type { Router } from 'express';
import { MediaParams } from '@edicola/contracts';
import { handle, notFound, type Db } from '@edicola/platform';
import { photos } from '../db/schema';

/** GET /media/*path: photos stored in the catalogue's database, cached hard by browsers. */
export function mediaRoutes(router: Router, db: Db) {
  router.get(
    '/media/*path',
    handle({ params: MediaParams }, async ({ params }, _req, res) => {
      const [photo] = await db
        .select()
        .from(photos)
        .where(eq(photos.path, params.path.join('/')))
        .limit(1);
      if (!photo) throw notFound('Immagine non trovata');
      res.set({
        'Content-Type': photo.contentType,
        ETag: `"${photo.sha256}"`,
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      });
      res.send(photo.data);
    }),
  );
}
