import type { Language, RuntimeConfig } from '@edicola/contracts';
import type { PublicArticle } from './storefront-articles';

/** The id of the script element that carries the runtime configuration inside index.html. */
export const CONFIG_ELEMENT_ID = 'edicola-config';
const DESCRIPTION_LIMIT = 200;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const HTML_UNESCAPES = Object.fromEntries(Object.entries(HTML_ESCAPES).map(([c, e]) => [e, c]));

/** Text made safe for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => HTML_UNESCAPES[e]!);
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the page: its canonical address. */
  url: string;
  /** Absolute address of the preview image, when there is one. */
  image?: string;
  /** The page's language (og:locale); Italian when absent. */
  language?: Language;
  /** The page in every language and x-default, absolute (docs/product/article-pages.md#languages). */
  alternates?: { hreflang: string; href: string }[];
  /** og:type: 'product' on an article page. */
  type?: 'website' | 'product';
  /** The robots meta tag (the search results: 'noindex, follow'). */
  robots?: string;
  /** JSON-LD objects, one script for all (storefront-structured-data.ts). */
  jsonLd?: string;
  /** The `<noscript>` text in the page's language. */
  noscript?: string;
}

/** Open Graph's locale of each language (docs/product/article-pages.md#structured-data). */
export const OG_LOCALES: Record<Language, string> = {
  it: 'it_IT',
  en: 'en_GB',
  fr: 'fr_FR',
  es: 'es_ES',
  pt: 'pt_PT',
  de: 'de_DE',
  ru: 'ru_RU',
  nl: 'nl_NL',
};

/** The title and description index.html ships with: the generic preview of every page. */
export function genericMeta(template: string, url: string): PageMeta {
  const title = /<title>([^<]*)<\/title>/.exec(template)?.[1] ?? '';
  const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(template)?.[1] ?? '';
  return { title: unescapeHtml(title.trim()), description: unescapeHtml(description.trim()), url };
}

function shorten(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** The preview of /prodotti?article={id}: the article's title, description and photo. */
export function articleMeta(article: PublicArticle, generic: PageMeta, mediaBaseUrl: string): PageMeta {
  const siteName = generic.title.split(' – ')[0] || generic.title;
  return {
    title: `${article.title} – ${siteName}`,
    description: shorten(article.description, DESCRIPTION_LIMIT) || generic.description,
    url: generic.url,
    image: article.photo_url ? new URL(article.photo_url, mediaBaseUrl).href : undefined,
  };
}

function metaTags(meta: PageMeta, siteName: string): string {
  const tag = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const locale = OG_LOCALES[meta.language ?? 'it'];
  return [
    ...(meta.robots ? [tag('name', 'robots', meta.robots)] : []),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:site_name', siteName),
    tag('property', 'og:locale', locale),
    ...Object.values(OG_LOCALES)
      .filter((other) => other !== locale)
      .map((other) => tag('property', 'og:locale:alternate', other)),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...(meta.alternates ?? []).map(
      (link) => `<link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(link.href)}" />`,
    ),
    ...(meta.jsonLd ? [meta.jsonLd] : []),
  ].join('\n    ');
}

/** Early connections to the API origin: the catalogue's data (CORS) and its photos (no CORS). */
function preconnects(config: RuntimeConfig): string {
  const origin = escapeHtml(new URL(config.apiBaseUrl).origin);
  return `<link rel="preconnect" href="${origin}" crossorigin />\n    <link rel="preconnect" href="${origin}" />`;
}

/** The runtime configuration inline, so the shell needs no extra round trip before it renders. */
function configScript(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * index.html for one request: its title, description and preview tags, the runtime configuration,
 * `hints` (preload links) for what the page will need, and the page's `firstPaint` (already escaped HTML,
 * storefront-first-paint.ts) inside the root element.
 */
export function renderPage(
  template: string,
  meta: PageMeta,
  config: RuntimeConfig,
  hints = '',
  firstPaint = '',
): string {
  const siteName = genericMeta(template, meta.url).title.split(' – ')[0] ?? '';
  const head = [metaTags(meta, siteName), preconnects(config), configScript(config), hints]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_m, start: string, end: string) => `${start}${escapeHtml(meta.description)}${end}`,
    )
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace(/<noscript><\/noscript>|(?=<div id="root"><\/div>)/, () => noscript(meta.noscript))
    .replace('<div id="root"></div>', () => `<div id="root">${firstPaint}</div>`);
}

/** The page's `<noscript>` (filling index.html's empty `<noscript></noscript>`, else before the root element). */
function noscript(text: string | undefined): string {
  return text ? `<noscript><p class="noscript">${escapeHtml(text)}</p></noscript>` : '';
}
