import path from 'node:path';
import express, { type Express, type Request } from 'express';
import type { RemoteName, RuntimeConfig } from '@edicola/contracts';

export const SLICES: Record<RemoteName, string> = {
  mf_catalog: 'mf-catalog',
  mf_checkout: 'mf-checkout',
  mf_account: 'mf-account',
  mf_admin: 'mf-admin',
};

export interface WebOptions {
  /** Repository root holding each slice's dist/. */
  root: string;
  /** Public API address; when absent, the API port on the host the browser used. */
  apiBaseUrl?: string;
  apiPort: number;
  /** Public base of the remotes; when absent, this server itself under /mf/<slice>/. */
  remotesBaseUrl?: string;
  demoMode: boolean;
}

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp)$/;

/** The runtime configuration for the browser asking, built from the address it used. */
export function runtimeConfigFor(req: Request, options: WebOptions): RuntimeConfig {
  const origin = `${req.protocol}://${req.get('host')}`;
  const apiBaseUrl = options.apiBaseUrl ?? `${req.protocol}://${req.hostname}:${options.apiPort}`;
  const remotesBase = options.remotesBaseUrl ?? `${origin}/mf`;
  const remotes = Object.fromEntries(
    Object.entries(SLICES).map(([name, dir]) => [name, `${remotesBase}/${dir.slice(3)}/mf-manifest.json`]),
  ) as RuntimeConfig['remotes'];
  return { apiBaseUrl, mediaBaseUrl: apiBaseUrl, demoMode: options.demoMode, remotes };
}

function contentSecurityPolicy(config: RuntimeConfig): string {
  const origins = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))].join(' ');
  const remotes = origins(Object.values(config.remotes));
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes}`,
    `style-src 'self' ${remotes}`,
    `img-src 'self' data: ${origins([config.mediaBaseUrl])}`,
    `connect-src 'self' ${origins([config.apiBaseUrl])} ${remotes}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Serves the storefront: the shell with SPA fallback, each remote under /mf/<slice>/, and /config.json. */
export function createWebApp(options: WebOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req, res, next) => {
    res.set({
      'Content-Security-Policy': contentSecurityPolicy(runtimeConfigFor(req, options)),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    });
    next();
  });

  app.get('/config.json', (req, res) => {
    res.set('Cache-Control', 'no-store').json(runtimeConfigFor(req, options));
  });

  const staticOptions = {
    index: false,
    setHeaders(res: express.Response, file: string) {
      res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  for (const dir of Object.values(SLICES)) {
    app.use(
      `/mf/${dir.slice(3)}`,
      (_req, res, next) => {
        // Remotes may be loaded by a shell on another origin.
        res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      },
      express.static(path.join(options.root, dir, 'dist'), staticOptions),
      (_req, res) => res.status(404).end(),
    );
  }
  const shellDist = path.join(options.root, 'shell', 'dist');
  app.use(express.static(shellDist, staticOptions));
  // Every other path is a storefront route: the shell's router decides (unknown paths show home).
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.set('Cache-Control', 'no-cache').sendFile(path.join(shellDist, 'index.html'));
  });
  return app;
}
