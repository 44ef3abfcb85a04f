import path from 'node:path';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Build by-products that stay on the machine: source maps and the federation build statistics. */
const PRIVATE_FILE = /(\.map|mf-stats\.json)(\.br|\.gz)?$/i;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/**
 * One front-end slice's built files on their own (Kubernetes: one image and deployment per slice and version),
 * under /mf/<slice>/<version>/. Every file is immutable there: a new version has a new path, and the shell's
 * remotes pointer (/config.json) says which version the shop loads.
 */
export function createSliceApp(options: { slice: string; dist: string }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  const files = expressStaticGzip(options.dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    },
  });
  app.use(`/mf/${options.slice}/:version`, (req, res, next) => {
    // The path as the browser sent it, decoded once: `%70` must not turn a private file into a public one.
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      res.status(400).end();
      return;
    }
    if (!VERSION.test(String(req.params.version)) || PRIVATE_FILE.test(file) || file.includes('..')) {
      res.status(404).end();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    files(req, res, next);
  });
  app.use((_req, res) => {
    res.status(404).end();
  });
  return app;
}

export const sliceDist = (root: string, slice: string) => path.join(root, slice, 'dist');
