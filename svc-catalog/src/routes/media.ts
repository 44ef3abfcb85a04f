import type { Router } from 'express';
import { endpoint } from '@edicola/contracts';
import { notFound, routeServer, type Db } from '@edicola/platform';
import { findPhotoFile, isContentHashed } from '../photos/storage';

/** GET /media/*path: photos stored in the catalogue's database; content-hashed names cached for a year. */
export function mediaRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('GET /media/*path'), async ({ params }, _req, res) => {
    const path = params.path.join('/');
    const photo = await findPhotoFile(db, path);
    if (!photo) throw notFound('Immagine non trovata');
    res.set({
      'Content-Type': photo.contentType,
      ETag: `"${photo.sha256}"`,
      'Cache-Control': isContentHashed(path)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
    // res.send answers 304 itself when the client's If-None-Match matches.
    res.send(photo.data);
  });
}
