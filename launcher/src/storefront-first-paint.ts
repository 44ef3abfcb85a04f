import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  Article,
  CategorySlug,
  Language,
  PublicReview,
  ReviewSummary,
  RuntimeConfig,
} from '@edicola/contracts';
import { escapeHtml } from './storefront-page';

/**
 * The first paint of the home page and of the catalogue, written by the storefront server into index.html's
 * root element: what the visitor sees before the JavaScript has arrived (on a phone, seconds later). It is
 * rendered by the shell's and mf-catalog's own React components (their server builds, `src/server.tsx` built
 * into `dist-server/server.js`), in the visitor's language (storefront-language.ts), so the page's largest
 * element (the home hero, the catalogue's first photo) paints with the HTML. React replaces it when the shell
 * mounts (createRoot, in one commit: the nodes are new, nothing moves), and the catalogue's slot shows it
 * again while its remote loads (shell/src/firstPaint.ts); clicks on it meanwhile are replayed on the app
 * (storefront-click-replay.ts). Every text from the API is escaped by React.
 */

/** The shell's own pages the storefront server paints (storefront-pages.ts). */
export type StaticPage = 'about' | 'contact' | 'terms' | 'privacy';

/** What the shell's server build exports (shell/src/server.tsx). */
export interface ShellRenderer {
  renderHome(request: PageRequest): string;
  renderCatalogue(request: PageRequest, catalogue: string): string;
  // Newer builds (an older one lacks them: those pages then have no first paint, or the generic head).
  renderStatic?(request: PageRequest, page: StaticPage): string;
  renderNotFound?(request: PageRequest): string;
  shellMeta?(
    language: Language,
    page: 'home' | StaticPage | 'notFound',
  ): { title: string; description: string };
  noscriptText?(language: Language, needsScript: boolean): string;
}

/** What one of the catalogue's pages is, for its head. */
export interface CataloguePage {
  category?: CategorySlug;
  article?: Article;
  search?: boolean;
  notFound?: boolean;
}

/** The title, description and breadcrumb trail (unprefixed paths) of one of the catalogue's pages. */
export interface CatalogueMeta {
  title: string;
  description: string;
  breadcrumbs: { name: string; path: string }[];
}

/** What mf-catalog's server build exports (mf-catalog/src/server.tsx). */
export interface CatalogueRenderer {
  renderCatalogue(request: {
    language: Language;
    config: RuntimeConfig;
    articles?: Article[];
    origin: string;
    /** The page's path and query for its router. */
    pathname?: string;
    /** A category page: only its cards. */
    category?: CategorySlug;
    /** /prodotti?article=<id>: that card first, highlighted. */
    highlight?: string;
  }): string;
  // Newer builds: an older one has no article page paint and gives the head no titles.
  renderArticle?(request: {
    language: Language;
    config: RuntimeConfig;
    origin: string;
    pathname: string;
    article: Article;
    reviews: PublicReview[];
    summary?: ReviewSummary;
  }): string;
  catalogueMeta?(language: Language, page: CataloguePage): CatalogueMeta;
}

export interface FirstPaintRenderers {
  shell: ShellRenderer;
  catalog: CatalogueRenderer;
}

export interface PageRequest {
  language: Language;
  /** The page's path, for the navigation's current link. */
  pathname: string;
  /** The visitor accepted the cookie notice (its cookie came with the request): no banner then. */
  cookiesAccepted: boolean;
  config: RuntimeConfig;
}

/**
 * The slices' server builds under `root` (shell/dist-server/server.js, mf-catalog/dist-server/server.js),
 * or undefined when one is missing or does not load: the pages are then sent without a first paint.
 */
export function loadFirstPaintRenderers(root: string): FirstPaintRenderers | undefined {
  const loadModule = createRequire(__filename);
  try {
    const load = (slice: string): unknown => loadModule(path.join(root, slice, 'dist-server', 'server.js'));
    const shell = load('shell') as Partial<ShellRenderer>;
    const catalog = load('mf-catalog') as Partial<CatalogueRenderer>;
    const complete =
      typeof shell.renderHome === 'function' &&
      typeof shell.renderCatalogue === 'function' &&
      typeof catalog.renderCatalogue === 'function';
    return complete ? { shell: shell as ShellRenderer, catalog: catalog as CatalogueRenderer } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the first paint leaves out of the components' markup: test ids, the journeys' handles on the app (a
 * journey that waits for one waits for the app; React escapes attribute values, so no quote inside one), and
 * the preload links React writes for its high-priority images (the page's head has the server's own).
 */
function forFirstPaint(html: string): string {
  return html.replace(/ data-testid="[^"]*"/g, '').replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
}

/** The home page's first paint: the shell's Layout around the hero and banners. */
export function renderHomeFirstPaint(renderers: FirstPaintRenderers, request: PageRequest): string {
  return forFirstPaint(renderers.shell.renderHome(request));
}

/**
 * The unfiltered catalogue's first paint: the shell's Layout around the catalogue's top, filters and first row
 * of cards; without the article list (the API is slow or down) the top and the loading line.
 */
export function renderCatalogueFirstPaint(
  renderers: FirstPaintRenderers,
  request: PageRequest,
  articles: Article[] | undefined,
  origin: string,
  { category, highlight, pathname }: { category?: CategorySlug; highlight?: string; pathname?: string } = {},
): string {
  const { language, config } = request;
  const catalogue = renderers.catalog.renderCatalogue({
    language,
    config,
    articles,
    origin,
    pathname,
    category,
    highlight,
  });
  return forFirstPaint(renderers.shell.renderCatalogue(request, catalogue));
}

/** An article page's first paint: the shell's Layout around the catalogue's article page; '' with an older build. */
export function renderArticleFirstPaint(
  renderers: FirstPaintRenderers,
  request: PageRequest,
  page: {
    origin: string;
    pathname: string;
    article: Article;
    reviews: PublicReview[];
    summary?: ReviewSummary;
  },
): string {
  const { renderArticle } = renderers.catalog;
  if (!renderArticle) return '';
  const { language, config } = request;
  const html = renderArticle({ language, config, ...page });
  return forFirstPaint(renderers.shell.renderCatalogue(request, html));
}

/** A page of the shell's own (/chi-siamo, /contatto, /termini, /privacy) or the not-found page; '' with an older build. */
export function renderShellFirstPaint(
  renderers: FirstPaintRenderers,
  request: PageRequest,
  page: StaticPage | 'notFound',
): string {
  const { renderStatic, renderNotFound } = renderers.shell;
  if (page === 'notFound') return renderNotFound ? forFirstPaint(renderNotFound(request)) : '';
  return renderStatic ? forFirstPaint(renderStatic(request, page)) : '';
}

/** The class of the element that holds the first paint (shell/src/server.tsx writes it). */
export const FIRST_PAINT_CLASS = 'first-paint';

/**
 * The script a page with a first paint loads instead of the shell's entry: it runs the entry once the
 * browser reports the first paint's largest element painted (the hero or the first photo: a
 * largest-contentful-paint entry), at most START_WAIT_MS after it runs; where the browser reports no such
 * entries, after the next frame. The entry's download is not held back (a low-priority preload), only its
 * run: the shell's start-up work would otherwise take the main thread the paint needs.
 */
export const START_WAIT_MS = 1000;
export const FIRST_PAINT_SCRIPT = `(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  }
  setTimeout(start, ${START_WAIT_MS});
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') < 0) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
    return;
  }
  var image = document.querySelector('.${FIRST_PAINT_CLASS} img[fetchpriority="high"]');
  new PerformanceObserver(function (list, observer) {
    var painted = list.getEntries().some(function (paint) { return !image || paint.element === image; });
    if (!painted) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();
`;

/**
 * index.html's entry script (`<script defer src="/main.<hash>.js">`) replaced by the first-paint script
 * at `scriptPath`, which starts it after the paint; the entry itself is preloaded at a low priority.
 */
export function deferEntry(html: string, scriptPath: string): string {
  return html.replace(
    /<script defer="defer" src="([^"]+)"><\/script>|<script defer src="([^"]+)"><\/script>/,
    (whole, a?: string, b?: string) => {
      const entry = escapeHtml((a ?? b)!);
      return `<link rel="preload" href="${entry}" as="script" fetchpriority="low"><script defer src="${escapeHtml(scriptPath)}" data-entry="${entry}"></script>`;
    },
  );
}
