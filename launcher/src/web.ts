import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CATALOGUE_PATH,
  SEARCH_PATH,
  articlePath,
  categoryOf,
  languageCookie,
  languageFromCookies,
  localizedPath,
  ARTICLE_PHOTO_SIZES,
  photoSrcSet,
  type Article,
  type PublicReview,
  type RemoteName,
  type RuntimeConfig,
  DEMO_SELLER,
  sellerFrom,
  type SellerConfig,
  DEFAULT_PRESALE_TERMS,
  type PresaleTerms,
  type SellerIdentity,
} from '@edicola/contracts';
import { ConfigError, redactPaymentIds } from '@edicola/platform';
import { hostMatcher } from './hosts';
import { createArticleSource } from './storefront-articles';
import { articleMeta, escapeHtml, genericMeta, renderPage, type PageMeta } from './storefront-page';
import { CLICK_REPLAY_ELEMENT, CLICK_REPLAY_HASH } from './storefront-click-replay';
import {
  deferEntry,
  FIRST_PAINT_SCRIPT,
  loadFirstPaintRenderers,
  renderArticleFirstPaint,
  renderCatalogueFirstPaint,
  renderHomeFirstPaint,
  renderShellFirstPaint,
  type CataloguePage,
  type FirstPaintRenderers,
  type StaticPage,
} from './storefront-first-paint';
import { languageRoute, withPageLanguage } from './storefront-language';
import { merchantFeedXml } from './storefront-merchant-feed';
import { storefrontPage } from './storefront-pages';
import { createRemotePreloads, findHeroImage } from './storefront-preload';
import { alternates, languageSitemapXml, robotsTxt, sitemapFile, sitemapIndexXml } from './storefront-seo';
import {
  breadcrumbJsonLd,
  homeJsonLd,
  jsonLdScript,
  photoUrls,
  productJsonLd,
} from './storefront-structured-data';

export const SLICES: Record<RemoteName, string> = {
  mf_catalog: 'mf-catalog',
  mf_checkout: 'mf-checkout',
  mf_account: 'mf-account',
  mf_admin: 'mf-admin',
};

export interface WebOptions {
  /** Repository root holding each slice's dist/. */
  root: string;
  /**
   * The storefront's origins (publicOrigins() of hosts.ts: PUBLIC_WEB_URL, the loopback names and
   * ALLOWED_HOSTS). A request for another Host is refused; page addresses and the CSP come from these only.
   * Without it, the loopback names only.
   */
  publicOrigins?: string[];
  /** Public API address; when absent, the API port on the storefront host the browser used. */
  apiBaseUrl?: string;
  apiPort: number;
  /** Public base of the remotes; when absent, this server itself under /mf/<slice>/. */
  remotesBaseUrl?: string;
  /** Each remote's manifest address, read anew on every call (Kubernetes: the pointer a slice's release flips). */
  remotes?: () => RuntimeConfig['remotes'];
  demoMode: boolean;
  /** The seller the pages name (storefrontSeller); the demo seller, marked as such, when absent. */
  seller?: SellerIdentity;
  /** The pre-sale terms the terms page states (PRESALE_* settings); svc-orders' defaults when absent. */
  presaleTerms?: PresaleTerms;
  /**
   * Stripe.js runs on the pages (a Stripe publishable key is configured, STRIPE_PUBLISHABLE_KEY): the
   * Content-Security-Policy then admits exactly its origins. Demo payments and the PayPal redirect need none.
   */
  stripeJs?: boolean;
  /** Where this server itself reaches the API (sitemap, link previews); apiBaseUrl or the local API port by default. */
  apiInternalUrl?: string;
  /** How long the server waits for the API, and reuses its article list (sitemap, link previews). */
  apiTimeoutMs?: number;
  articleCacheMs?: number;
  /**
   * What renders the first paint of the home page and the catalogue; by default the slices' server builds
   * under `root` (shell/dist-server, mf-catalog/dist-server), and none when they are missing.
   */
  firstPaint?: FirstPaintRenderers;
  logger?: { error(fields: object, message: string): void };
}

/** How long the catalogue page may wait for an article list not yet at hand, for its first photo's hint. */
const PHOTO_HINT_WAIT_MS = 300;
/** How long an article page waits for its reviews (its rating in the structured data); without them after that. */
const REVIEWS_WAIT_MS = 300;

/** The trail of an article page when the catalogue's build gives none: home, catalogue, category, article. */
function defaultBreadcrumbs(article: Article) {
  const category = categoryOf(article.category);
  return [
    { name: 'Home', path: '/' },
    { name: 'Prodotti', path: CATALOGUE_PATH },
    ...(category ? [{ name: article.category, path: `${CATALOGUE_PATH}/categoria/${category}` }] : []),
    { name: article.title, path: articlePath(article.slug) },
  ];
}

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|wasm)(\.br|\.gz)?$/;
/**
 * A bundle, style sheet, manifest, image or font: never a document nor a worker, so the headers only those read
 * (the page's policy, framing, permissions) are left off; a phone receives them with every one of the page's
 * files otherwise (about 0.5 KB each). `sw.js` (a worker) and every document keep them. The referrer policy is
 * the browsers' default, which a style sheet without one follows anyway.
 */
const SUBRESOURCE = /(?<!\/sw)\.(js|css|json|woff2?|png|webp|wasm)(\.br|\.gz)?$/;
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'Permissions-Policy',
  'Referrer-Policy',
];
/** Build by-products that stay on the machine: source maps and the federation build statistics. */
const PRIVATE_FILE = /(\.map|\/mf-stats\.json)(\.br|\.gz)?$/i;

/** The script that starts the shell after a page's first paint, under a name that changes with it. */
const FIRST_PAINT_SCRIPT_PATH = `/first-paint.${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('hex').slice(0, 8)}.js`;

/**
 * A page compressed for the browser that accepts it (brotli, else gzip): the first paint makes index.html
 * 5 to 15 KB, which on a phone's connection would take another round trip or two uncompressed.
 */
function sendCompressed(req: Request, res: Response, body: string) {
  res.vary('Accept-Encoding');
  const accepted = req.acceptsEncodings('br', 'gzip', 'identity');
  const raw = Buffer.from(body);
  if (raw.length < 512 || !accepted || accepted === 'identity') return res.send(body);
  const compressed =
    accepted === 'br'
      ? zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : zlib.gzipSync(raw, { level: 6 });
  return res.set('Content-Encoding', accepted).send(compressed);
}

/** The runtime configuration for a browser on one of the storefront's configured origins. */
export function runtimeConfigFor(origin: string, options: WebOptions): RuntimeConfig {
  const site = new URL(origin);
  const apiBaseUrl = options.apiBaseUrl ?? `${site.protocol}//${site.hostname}:${options.apiPort}`;
  const common = {
    apiBaseUrl,
    mediaBaseUrl: apiBaseUrl,
    demoMode: options.demoMode,
    presaleTerms: options.presaleTerms ?? DEFAULT_PRESALE_TERMS,
  };
  const seller = options.seller ?? DEMO_SELLER;
  if (options.remotes) return { ...common, remotes: options.remotes(), seller };
  const remotesBase = options.remotesBaseUrl ?? `${origin}/mf`;
  const remotes = Object.fromEntries(
    Object.entries(SLICES).map(([name, dir]) => [name, `${remotesBase}/${dir.slice(3)}/mf-manifest.json`]),
  ) as RuntimeConfig['remotes'];
  return { ...common, remotes, seller };
}

/**
 * The seller the storefront names (docs/product/storefront.md#seller-identity): the configured one, the demo
 * seller where a demo is allowed, and no start at all for a live shop that does not say who it is.
 */
export function storefrontSeller(config: SellerConfig, { demoAllowed }: { demoAllowed: boolean }) {
  const state = sellerFrom(config, { demoAllowed });
  if (state.ok) return state.seller;
  throw new ConfigError(
    state.missing.map((name) => `${name}: required, the storefront names the seller (docs/operations.md)`),
  );
}

/** What Stripe.js needs (its script, its frames for 3-D Secure and redirects, its API), nothing else. */
export const STRIPE_JS_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** The back office's pages: the counter there reads barcodes with the camera (docs/decisions/0045-counter-screen.md). */
export const isBackOffice = (path: string) => path === '/gestione' || path.startsWith('/gestione/');

/** Who may use the camera: nobody on the storefront, the page itself in the back office (the counter's scanner). */
export const permissionsPolicy = (backOffice: boolean) =>
  `camera=(${backOffice ? 'self' : ''}), microphone=(), geolocation=()`;

/**
 * The storefront's Content-Security-Policy: the shop's own origins, plus Stripe.js' when it is in use
 * (`stripeJs`), and the inline scripts of `scriptHashes` (a page with a first paint: its click replay). The
 * card's hosted page and PayPal are reached by navigation, which needs no source. Service workers and web app
 * manifests come from the shop itself (the counter's, decision 0045). A back-office page (`backOffice`) may
 * compile WebAssembly ('wasm-unsafe-eval', not 'unsafe-eval'): the counter's barcode reader where the browser
 * has none of its own.
 */
export function contentSecurityPolicy(
  config: RuntimeConfig,
  { stripeJs = false, scriptHashes = [] as string[], backOffice = false } = {},
): string {
  const origins = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))].join(' ');
  const remotes = origins(Object.values(config.remotes));
  const stripe = (sources: readonly string[]) => (stripeJs ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' ${[remotes, ...scriptHashes, ...(backOffice ? ["'wasm-unsafe-eval'"] : [])].join(' ')}${stripe(STRIPE_JS_SOURCES.script)}`,
    `style-src 'self' ${remotes}`,
    `img-src 'self' data: ${origins([config.mediaBaseUrl])}`,
    `connect-src 'self' ${origins([config.apiBaseUrl])} ${remotes}${stripe(STRIPE_JS_SOURCES.connect)}`,
    ...(stripeJs ? [`frame-src ${STRIPE_JS_SOURCES.frame.join(' ')}`] : []),
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
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
  // No proxy header is believed: the origin comes from the Host header matched against configuration.
  app.set('trust proxy', false);
  const siteOf = hostMatcher(options.publicOrigins);
  /** The configured origin the request is for (set by the first middleware). */
  const origin = (res: Response) => res.locals.origin as string;

  app.use((req, res, next) => {
    const site = siteOf(req);
    if ('status' in site) {
      return void res
        .status(site.status)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send(site.detail);
    }
    res.locals.origin = site.origin;
    const backOffice = isBackOffice(req.path);
    res.set({
      'Content-Security-Policy': contentSecurityPolicy(runtimeConfigFor(site.origin, options), {
        stripeJs: options.stripeJs,
        backOffice,
      }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': permissionsPolicy(backOffice),
    });
    next();
  });

  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(runtimeConfigFor(origin(res), options));
  });

  // Source maps and build statistics are for us, not for the public: matched on the decoded path, the
  // one the static server looks up (`main.js.ma%70` is `main.js.map`).
  app.use((req, res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return void res.status(400).type('text/plain').send('Richiesta non valida');
    }
    return PRIVATE_FILE.test(decoded) ? res.status(404).end() : next();
  });

  const articles = createArticleSource({
    apiUrl: options.apiInternalUrl ?? options.apiBaseUrl ?? `http://127.0.0.1:${options.apiPort}`,
    timeoutMs: options.apiTimeoutMs,
    ttlMs: options.articleCacheMs,
  });
  app.get('/robots.txt', (_req, res) => {
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(origin(res)));
  });
  app.get(FIRST_PAINT_SCRIPT_PATH, (req, res) => {
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    res.set('Cache-Control', 'public, max-age=31536000, immutable').type('js');
    sendCompressed(req, res, FIRST_PAINT_SCRIPT);
  });
  // The sitemaps and the Merchant feed: from the article list the server keeps (storefront-articles.ts).
  app.get('/sitemap.xml', async (req, res) => {
    const xml = sitemapIndexXml(origin(res), await articles.all());
    res.set('Cache-Control', 'public, max-age=300').type('application/xml');
    sendCompressed(req, res, xml);
  });
  app.get('/sitemaps/:file', async (req, res) => {
    const file = sitemapFile(req.params.file);
    const xml = file && languageSitemapXml(origin(res), await articles.all(), file.language, file.part);
    if (!xml) return void res.status(404).type('text/plain').send('Pagina non trovata');
    res.set('Cache-Control', 'public, max-age=300').type('application/xml');
    sendCompressed(req, res, xml);
  });
  app.get('/feeds/google-merchant.xml', async (req, res) => {
    const xml = merchantFeedXml(
      origin(res),
      await articles.all(),
      runtimeConfigFor(origin(res), options).mediaBaseUrl,
    );
    res.set('Cache-Control', 'public, max-age=300').type('application/xml');
    sendCompressed(req, res, xml);
  });

  // Each bundle was compressed at build time (.br, .gz next to it): the twin the browser accepts is sent.
  const staticFiles = (dir: string) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        // The ETag is enough to revalidate what is not hashed; a hashed file is never revalidated. No bundle is
        // read in ranges.
        lastModified: false,
        acceptRanges: false,
        setHeaders(res, file) {
          res.setHeader(
            'Cache-Control',
            HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          if (SUBRESOURCE.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        },
      },
    });
  for (const dir of Object.values(SLICES)) {
    app.use(
      `/mf/${dir.slice(3)}`,
      (_req, res, next) => {
        // Remotes may be loaded by a shell on another origin.
        res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      },
      staticFiles(path.join(options.root, dir, 'dist')),
      (_req, res) => res.status(404).end(),
    );
  }
  const shellDist = path.join(options.root, 'shell', 'dist');
  app.use(staticFiles(shellDist));

  // The counter's installable app (docs/decisions/0045-counter-screen.md), built into mf-admin/dist/pwa: the
  // manifest, its icons and the service worker, under /gestione/ so that the worker's scope is the back office.
  const pwaDir = path.join(options.root, 'mf-admin', 'dist', 'pwa');
  const pwaFile =
    (file: string, type: string, headers: Record<string, string> = {}): express.RequestHandler =>
    (_req, res, next) => {
      res.set({ 'Cache-Control': 'no-cache', ...headers }).type(type);
      res.sendFile(file, { root: pwaDir }, (error?: Error & { status?: number }) => {
        // Not built (mf-admin/dist missing): a 404, never the page's HTML in the worker's place.
        if (error && !res.headersSent) {
          if (error.status === 404) res.status(404).type('text/plain').send('Pagina non trovata');
          else next(error);
        }
      });
    };
  app.get('/gestione/sw.js', pwaFile('sw.js', 'text/javascript', { 'Service-Worker-Allowed': '/gestione/' }));
  app.get('/gestione/cassa.webmanifest', pwaFile('cassa.webmanifest', 'application/manifest+json'));
  for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'])
    app.get(`/gestione/pwa/${icon}`, pwaFile(icon, 'image/png'));

  // Every other path is a storefront route: the shell's router decides (unknown paths show home). The page
  // is index.html with the runtime configuration inline, the head of the page asked for (title, canonical,
  // languages, structured data) and, for the indexable pages, its first paint.
  let template: Promise<string> | undefined;
  const remotePreloads =
    options.remotesBaseUrl || options.remotes ? () => '' : createRemotePreloads(options.root, SLICES);
  let hero: string | undefined | null = null;
  const image = (href: string, srcset?: string | null) =>
    `<link rel="preload" href="${escapeHtml(href)}" as="image" fetchpriority="high"${
      srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${ARTICLE_PHOTO_SIZES}"` : ''
    } />`;
  let renderers: FirstPaintRenderers | undefined | null = options.firstPaint ?? null;
  const painters = () => {
    if (renderers === null) renderers = loadFirstPaintRenderers(options.root);
    return renderers;
  };
  /** The first paint from the slices' components; none (and the page as before) if rendering fails. */
  const paint = (render: () => string) => {
    try {
      return render();
    } catch (error) {
      options.logger?.error({ err: error }, 'storefront first paint failed');
      return '';
    }
  };
  /** A renderer's answer, or undefined when it is missing (an older build) or fails. */
  const ask = <T>(get: () => T | undefined): T | undefined => {
    try {
      return get();
    } catch (error) {
      options.logger?.error({ err: error }, 'storefront page head failed');
      return undefined;
    }
  };
  // The remotes on another origin: their styles are not at hand for a first paint of the catalogue's.
  const catalogueStyles = !options.remotesBaseUrl && !options.remotes;

  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const route = languageRoute(req.path, search, req.get('cookie'));
    res.vary('Cookie');
    if (route.redirect) {
      return void res
        .status(route.redirect.status)
        .set('Cache-Control', route.redirect.status === 302 ? 'no-cache' : 'public, max-age=3600')
        .location(route.redirect.location)
        .end();
    }
    template ??= readFile(path.join(shellDist, 'index.html'), 'utf8');
    const html = await template.catch((error: unknown) => {
      template = undefined;
      throw error;
    });
    const site = origin(res);
    const config = runtimeConfigFor(site, options);
    const { language } = route;
    const page = storefrontPage(route.path);
    const shown = painters();
    const cookiesAccepted = /(?:^|;\s*)cookie_consent=accepted(?:;|$)/.test(req.get('cookie') ?? '');
    const request = { language, config, pathname: req.path, cookiesAccepted };
    const generic = genericMeta(html, site + req.originalUrl);
    const shellMeta = (which: 'home' | StaticPage | 'notFound') =>
      ask(() => shown?.shell.shellMeta?.(language, which));
    const catalogueMeta = (which: CataloguePage) =>
      ask(() => shown?.catalog.catalogueMeta?.(language, which));
    /** The page in its language, absolute, and its eight languages and x-default. */
    const addressed = (unprefixed: string) => ({
      url: `${site}${localizedPath(language, unprefixed)}`,
      alternates: alternates(site, unprefixed),
    });
    const hints: string[] = [];
    const jsonLd: unknown[] = [];
    let meta: PageMeta = { ...generic, language };
    let firstPaint = '';
    let status = 200;
    let preloadPath = route.path;

    const notFound = () => {
      status = 404;
      const head = shellMeta('notFound') ?? catalogueMeta({ notFound: true });
      meta = { ...generic, ...(head ?? {}), language, robots: 'noindex, follow' };
      if (shown) firstPaint = paint(() => renderShellFirstPaint(shown, request, 'notFound'));
      preloadPath = '/';
    };

    switch (page.kind) {
      case 'home': {
        if (hero === null) hero = findHeroImage(options.root);
        if (hero) hints.push(image(hero));
        if (shown) firstPaint = paint(() => renderHomeFirstPaint(shown, request));
        meta = { ...generic, ...shellMeta('home'), ...addressed('/'), language };
        jsonLd.push(...homeJsonLd(site, language));
        break;
      }
      case 'catalogue':
      case 'category': {
        const category = page.kind === 'category' ? page.category : undefined;
        // The catalogue's first request, started with the page instead of after the catalogue's code.
        const api = config.apiBaseUrl.replace(/\/+$/, '');
        hints.push(
          `<link rel="preload" href="${escapeHtml(`${api}/public/articles`)}" as="fetch" crossorigin />`,
        );
        // /prodotti?article=<id> (the shared article link, docs/product/article-pages.md#addresses): the catalogue with that card first; its canonical is the
        // article's page. Other parameters are filters the catalogue applies itself: no paint then.
        const keys = Object.keys(req.query);
        const id = typeof req.query.article === 'string' && req.query.article ? req.query.article : undefined;
        const unfiltered = keys.length === 0 || (keys.length === 1 && id !== undefined && !category);
        // The first card's photo, the page's largest element. The page waits a moment for a list not yet
        // at hand (the first visit after a start): without the hint the photo starts only once the
        // catalogue has rendered, about 3 s later on a phone.
        const list = unfiltered
          ? (articles.peek() ?? (await articles.within(PHOTO_HINT_WAIT_MS)))
          : undefined;
        const complete = list ? articles.completeAtHand() : undefined;
        const highlighted = id ? complete?.find((a) => a.id === id && a.is_active) : undefined;
        const shownFirst =
          highlighted ?? (category ? complete?.find((a) => categoryOf(a.category) === category) : list?.[0]);
        if (shownFirst?.photo_url)
          hints.push(image(new URL(shownFirst.photo_url, `${config.mediaBaseUrl}/`).href));
        if (unfiltered && shown && catalogueStyles) {
          firstPaint = paint(() =>
            renderCatalogueFirstPaint(shown, request, complete, site, {
              category,
              highlight: id,
              pathname: req.path + search,
            }),
          );
        }
        const head = catalogueMeta(category ? { category } : {});
        if (highlighted) {
          // The link preview of the article itself, its page the canonical address.
          const preview = articleMeta(highlighted, generic, config.mediaBaseUrl);
          meta = { ...preview, ...addressed(articlePath(highlighted.slug)), language };
        } else if (id) {
          const preview = await articles.find(id);
          meta = preview
            ? {
                ...articleMeta(preview, generic, config.mediaBaseUrl),
                ...addressed(articlePath(preview.slug)),
                language,
              }
            : { ...generic, ...head, ...addressed(route.path), language };
        } else {
          meta = { ...generic, ...head, ...addressed(route.path), language };
        }
        if (category && head) jsonLd.push(breadcrumbJsonLd(head.breadcrumbs, site, language));
        break;
      }
      case 'article': {
        const found = await articles.bySlug(page.slug);
        if (found === 'missing') {
          notFound();
          break;
        }
        if (found && found.slug !== page.slug) {
          // A former address: the article's current one, for ever (docs/product/article-pages.md#addresses).
          return void res
            .status(301)
            .set('Cache-Control', 'public, max-age=3600')
            .location(`${localizedPath(language, articlePath(found.slug))}${search}`)
            .end();
        }
        if (!found) {
          // The API did not answer: the page as the app shows it, without a first paint, never an error.
          meta = { ...generic, ...addressed(route.path), language };
          break;
        }
        const { reviews, summary } = await Promise.race([
          articles.reviews(found.id),
          delay(REVIEWS_WAIT_MS, { reviews: [] as PublicReview[], summary: undefined }, { ref: false }),
        ]);
        const cover = found.photos[0]?.url ?? found.photo_url;
        if (cover) {
          hints.push(
            image(new URL(cover, `${config.mediaBaseUrl}/`).href, photoSrcSet(config.mediaBaseUrl, cover)),
          );
        }
        if (shown && catalogueStyles) {
          firstPaint = paint(() =>
            renderArticleFirstPaint(shown, request, {
              origin: site,
              pathname: req.path + search,
              article: found,
              reviews,
              summary,
            }),
          );
        }
        const head = catalogueMeta({ article: found });
        const preview = articleMeta(found, generic, config.mediaBaseUrl);
        meta = {
          ...preview,
          ...(head ? { title: head.title, description: head.description } : {}),
          ...addressed(articlePath(found.slug)),
          image: photoUrls(found, config.mediaBaseUrl)[0],
          type: 'product',
          language,
        };
        jsonLd.push(
          productJsonLd(found, {
            origin: site,
            language,
            mediaBaseUrl: config.mediaBaseUrl,
            reviews,
            summary,
          }),
        );
        jsonLd.push(breadcrumbJsonLd(head?.breadcrumbs ?? defaultBreadcrumbs(found), site, language));
        break;
      }
      case 'search': {
        // Internal search results are not for the index (docs/product/article-pages.md#structured-data); the
        // page stays crawlable so that the tag is read. No alternates: each query is its own page.
        const q = typeof req.query.q === 'string' ? req.query.q : '';
        const head = catalogueMeta({ search: true });
        meta = {
          ...generic,
          ...head,
          url: `${site}${localizedPath(language, SEARCH_PATH)}${q ? `?q=${encodeURIComponent(q)}` : ''}`,
          robots: 'noindex, follow',
          language,
        };
        break;
      }
      case 'static': {
        if (shown) firstPaint = paint(() => renderShellFirstPaint(shown, request, page.page));
        meta = { ...generic, ...shellMeta(page.page), ...addressed(route.path), language };
        break;
      }
      case 'notFound':
        notFound();
        break;
      case 'other':
        if (page.noindex) meta = { ...meta, robots: 'noindex, nofollow' };
        break;
    }
    if (jsonLd.length) meta.jsonLd = jsonLdScript(jsonLd.length === 1 ? jsonLd[0] : jsonLd);
    const needsScript = page.kind === 'other' && page.needsScript;
    meta.noscript = ask(() => shown?.shell.noscriptText?.(language, needsScript));

    hints.unshift(remotePreloads(preloadPath, { stylesheets: firstPaint !== '' }));
    // Clicks on the first paint are kept until the app can take them (storefront-click-replay.ts).
    if (firstPaint) hints.unshift(CLICK_REPLAY_ELEMENT);
    // With a first paint, the shell starts once it is on screen (storefront-first-paint.ts).
    const pageHtml = withPageLanguage(
      firstPaint ? deferEntry(html, FIRST_PAINT_SCRIPT_PATH) : html,
      language,
    );
    if (firstPaint) {
      const { stripeJs } = options;
      res.set(
        'Content-Security-Policy',
        contentSecurityPolicy(config, { stripeJs, scriptHashes: [CLICK_REPLAY_HASH] }),
      );
    }
    // Landing on a page in a language makes it the visitor's choice (docs/product/article-pages.md#languages).
    if (route.prefixed && languageFromCookies(req.get('cookie')) !== language) {
      res.append('Set-Cookie', languageCookie(language));
    }
    res.status(status).set('Cache-Control', 'no-cache').type('html');
    const head = hints.filter(Boolean).join('\n    ');
    sendCompressed(req, res, renderPage(pageHtml, meta, config, head, firstPaint));
  });

  // Errors answer with a status and a short text: never a stack trace or a file path.
  const errors: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500)
      options.logger?.error({ err: error, path: redactPaymentIds(req.path) }, 'storefront request failed');
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type('text/plain')
      .send(
        status === 404 ? 'Pagina non trovata' : status < 500 ? 'Richiesta non valida' : 'Errore del server',
      );
  };
  app.use(errors);
  return app;
}
