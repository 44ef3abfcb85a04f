import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, grossPrice, SHOP_INFO, type Article, type RuntimeConfig } from '@edicola/contracts';
import { escapeHtml } from './storefront-page';

/**
 * The first paint of the home page and of the catalogue, written by the storefront server into
 * index.html's root element: what the visitor sees before the JavaScript has arrived (on a phone, seconds
 * later). It is plain HTML with the same elements and CSS classes as the shell's and mf-catalog's React
 * components, in Italian (the default language), so the page's largest element (the home hero, the
 * catalogue's first photo) paints with the HTML. It is inert and hidden from assistive technology: it is
 * a picture of the page, not the page. React replaces it when the shell mounts (createRoot, in one
 * commit: the nodes are new, nothing moves), and the catalogue's slot shows it again while its remote
 * loads (shell/src/firstPaint.ts). Every text from the API is escaped.
 */

type Texts = { [key: string]: string | Texts };

export interface FirstPaintTexts {
  shell: Texts;
  catalog: Texts;
}

/** The Italian texts of the shell and of mf-catalog, read from their translation files; none if absent. */
export function loadFirstPaintTexts(root: string): FirstPaintTexts | undefined {
  try {
    const read = (slice: string) =>
      JSON.parse(readFileSync(path.join(root, slice, 'src', 'locales', 'it.json'), 'utf8')) as Texts;
    return { shell: read('shell'), catalog: read('mf-catalog') };
  } catch {
    return undefined;
  }
}

/** i18next's lookup for what these pages use: a dotted key and {{name}} values (no plurals needed). */
export function translate(texts: Texts, key: string, values: Record<string, string | number> = {}): string {
  let found: string | Texts | undefined = texts;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** shell/src/Header.tsx's NAV_LINKS: path and text key, in order. */
const NAV_LINKS = [
  ['/', 'nav.home'],
  ['/prodotti', 'nav.products'],
  ['/chi-siamo', 'nav.about'],
  ['/contatto', 'nav.contact'],
  ['/termini', 'nav.terms'],
  ['/accedi', 'nav.login'],
  ['/registrati', 'nav.register'],
  ['/profilo', 'nav.profile'],
] as const;

/** shell/src/i18n.ts's LANGUAGE_NAMES, in the order of LANGUAGES. */
const LANGUAGE_NAMES = [
  ['it', 'Italiano'],
  ['en', 'English'],
  ['fr', 'Français'],
  ['es', 'Español'],
  ['pt', 'Português'],
  ['de', 'Deutsch'],
  ['ru', 'Русский'],
  ['nl', 'Nederlands'],
] as const;

/** How many cards make the catalogue's first row on a wide screen (mf-catalog's FIRST_ROW). */
export const FIRST_ROW = 4;

interface PageContext {
  texts: FirstPaintTexts;
  config: RuntimeConfig;
  /** The page's path, for the navigation's current link. */
  pathname: string;
  /** The visitor accepted the cookie notice (its cookie came with the request): no banner then. */
  cookiesAccepted: boolean;
}

/** Cookie banner, skip link, demo notice and header: the shell's Layout and Header above the content. */
function chrome({ texts, config, pathname, cookiesAccepted }: PageContext): string {
  const t = (key: string) => escapeHtml(translate(texts.shell, key));
  const current = pathname === '/home' ? '/' : pathname;
  const nav = NAV_LINKS.map(
    ([to, label]) =>
      `<li><a${to === current ? ' aria-current="page" class="active"' : ''} href="${to}">${t(label)}</a></li>`,
  ).join('');
  const options = LANGUAGE_NAMES.map(
    ([code, name]) =>
      `<option value="${code}" lang="${code}"${code === 'it' ? ' selected' : ''}>${name}</option>`,
  ).join('');
  return [
    cookiesAccepted
      ? ''
      : `<aside class="cookie-banner"><div class="container"><p>${t('cookie.text')}</p>` +
        `<button type="button" class="button primary">${t('cookie.accept')}</button></div></aside>`,
    `<a class="skip-link" href="#main">${t('skipLink')}</a>`,
    config.demoMode ? `<p class="demo-notice">${t('demo.notice')}</p>` : '',
    '<header class="site-header"><div class="container header-bar">',
    `<a class="brand" href="/"><span class="brand-mark">E</span><span class="brand-text">`,
    `<span class="brand-name">${t('brand.name')}</span><span class="brand-tagline">${t('brand.tagline')}</span>`,
    '</span></a><div class="header-tools"><div class="remote-slot remote-slot-AccountMenu"></div>',
    `<div class="header-language"><div class="language-selector"><label>${t('language.label')}</label>`,
    `<select>${options}</select></div></div>`,
    '<button type="button" class="nav-toggle"><svg class="nav-toggle-icon" viewBox="0 0 24 24">',
    `<path d="M3 6h18M3 12h18M3 18h18"></path></svg><span class="nav-toggle-text">${t('nav.menu')}</span>`,
    `</button></div></div><nav class="main-nav"><ul class="container">${nav}</ul></nav></header>`,
  ].join('');
}

/** The home page's hero and banners (shell/src/pages/HomePage.tsx); the rest is below a phone's fold. */
function homeContent({ texts }: PageContext, heroSrc: string): string {
  const t = (key: string) => escapeHtml(translate(texts.shell, key));
  const social = SHOP_INFO.social
    .map(
      (s) =>
        `<li><a href="${escapeHtml(s.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(s.name)}</a></li>`,
    )
    .join('');
  return [
    '<section class="hero"><div class="container hero-grid"><div class="hero-text">',
    `<h1>${t('home.title')}</h1><p class="hero-subtitle">${t('home.subtitle')}</p>`,
    `<a class="button primary large" href="/prodotti">${t('home.cta')}</a>`,
    `<ul class="social-links">${social}</ul></div>`,
    `<img class="hero-image" alt="${t('home.heroImageAlt')}" width="640" height="427" fetchpriority="high" src="${escapeHtml(heroSrc)}">`,
    '</div></section><section class="container banners">',
    `<div class="banner banner-shipping"><h2>${t('home.shippingTitle')}</h2><p>${t('home.shipping')}</p></div>`,
    `<div class="banner banner-instalments"><h2>${t('home.instalmentsTitle')}</h2><p>${t('home.instalments')}</p></div>`,
    '</section>',
  ].join('');
}

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** mf-catalog's formatDate in Italian: "2025-12-01" → "1 dicembre 2025". */
function italianDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('it', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** mf-catalog's photoAddress: the media base address plus photo_url (absolute URLs kept). */
export function photoAddress(mediaBaseUrl: string, photoUrl: string): string {
  if (/^https?:\/\//.test(photoUrl)) return photoUrl;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${photoUrl.replace(/^\/+/, '')}`;
}

/** Whether an article belongs to a category: names compared case-insensitively (mf-catalog's inCategory). */
function inCategory(article: Article, name: string): boolean {
  return article.category.trim().toLocaleLowerCase('it') === name.toLocaleLowerCase('it');
}

/** mf-catalog's ShareButtons: the networks the article allows, with its link on this shop. */
function shareButtons(article: Article, texts: Texts, origin: string): string {
  if (!article.share_facebook && !article.share_instagram && !article.share_whatsapp) return '';
  const t = (key: string) => escapeHtml(translate(texts, key));
  const link = `${origin}/prodotti?article=${encodeURIComponent(article.id)}`;
  const description =
    article.description.length > 100 ? `${article.description.slice(0, 100)}…` : article.description;
  const text = `${article.title} – ${description}`;
  const newTab = `<span class="cat-visually-hidden"> ${t('share.newTab')}</span>`;
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}&quote=${encodeURIComponent(text)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
  return [
    `<div class="cat-share"><span class="cat-share-label">${t('share.label')}</span>`,
    article.share_facebook
      ? `<a class="cat-share-link" href="${escapeHtml(facebook)}" target="_blank" rel="noopener noreferrer">Facebook${newTab}</a>`
      : '',
    article.share_whatsapp
      ? `<a class="cat-share-link" href="${escapeHtml(whatsapp)}" target="_blank" rel="noopener noreferrer">WhatsApp${newTab}</a>`
      : '',
    article.share_instagram ? '<button type="button" class="cat-share-link">Instagram</button>' : '',
    '<span class="cat-share-status"></span></div>',
  ].join('');
}

/** One catalogue card (mf-catalog's ArticleCard) before its review stats have arrived. */
function card(article: Article, index: number, texts: Texts, config: RuntimeConfig, origin: string): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    escapeHtml(translate(texts, key, values));
  // Only the first photo is fetched at once: on a phone the others are below the fold, and on a wide
  // screen the catalogue's own render asks for them at a high priority a moment later.
  const photo = article.photo_url
    ? `<img class="cat-photo" alt="${escapeHtml(article.title)}" width="480" height="360" ${
        index === 0 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy" fetchpriority="low"'
      } src="${escapeHtml(photoAddress(config.mediaBaseUrl, article.photo_url))}">`
    : `<img class="cat-photo cat-photo-failed" alt="${t('card.imageUnavailable')}" width="480" height="360">`;
  const inStock = article.quantity_stock > 0;
  const vat =
    article.iva_percentage === 0
      ? t('card.vatExempt')
      : `+ ${t('card.vat', { rate: article.iva_percentage })}`;
  return [
    `<li><article class="cat-card"><div class="cat-photo-frame">${photo}</div><div class="cat-body">`,
    '<p class="cat-labels"><span class="cat-category">',
    `<span class="cat-visually-hidden">${t('card.category')}: </span>${escapeHtml(article.category)}</span>`,
    article.product_type !== 'normale'
      ? `<span class="cat-badge cat-badge-${article.product_type}">${t(`productType.${article.product_type}`)}</span>`
      : '',
    `</p><h2 class="cat-title">${escapeHtml(article.title)}</h2>`,
    `<p class="cat-description">${escapeHtml(article.description)}</p>`,
    article.availability_date
      ? `<p class="cat-availability">${t('card.availableFrom', { date: italianDate(article.availability_date) })}</p>`
      : '',
    '<div class="cat-prices"><p class="cat-net">',
    `<span class="cat-visually-hidden">${t('card.netPrice')}: </span>${escapeHtml(euro.format(article.price))} `,
    `<span class="cat-vat">${vat}</span></p><p class="cat-final"><span class="cat-final-label">`,
    `${t('card.finalPrice')}</span> <strong>${escapeHtml(euro.format(grossPrice(article.price, article.iva_percentage)))}</strong></p></div>`,
    `<dl class="cat-facts"><div><dt>${t('card.sku')}</dt><dd>${escapeHtml(article.sku)}</dd></div></dl>`,
    `<p class="${inStock ? 'cat-stock' : 'cat-stock cat-stock-out'}">${t('card.stock', { count: article.quantity_stock })}</p>`,
    '<div class="cat-rating"></div>',
    inStock
      ? `<button type="button" class="cat-add">${t('card.addToCart')}</button>`
      : `<button type="button" class="cat-add" disabled>${t('card.unavailable')}</button>`,
    shareButtons(article, texts, origin),
    '</div></article></li>',
  ].join('');
}

/**
 * The unfiltered catalogue (mf-catalog's CatalogPage): hero, notice, the filters with their counts and
 * the first row of cards. Without the article list (the API is slow or down) only the hero and notice.
 */
function catalogueContent(
  { texts, config }: PageContext,
  articles: Article[] | undefined,
  origin: string,
): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    escapeHtml(translate(texts.catalog, key, values));
  const top = [
    `<section class="cat-page"><header class="cat-hero"><h1>${t('title')}</h1><p>${t('intro')}</p></header>`,
    `<p class="cat-notice cat-message">${t('notice')} <a href="${escapeHtml(SHOP_INFO.phoneHref)}" class="cat-phone">`,
    `${escapeHtml(SHOP_INFO.phone)}</a></p>`,
  ].join('');
  const active = articles?.filter((article) => article.is_active);
  if (!active || active.length === 0) return `${top}</section>`;
  const filters = CATEGORIES.map(({ slug, name }) => {
    const count = active.filter((article) => inCategory(article, name)).length;
    const panini = slug === 'panini' ? ' cat-filter-panini' : '';
    return `<button type="button" class="cat-filter${panini}" aria-pressed="false">${escapeHtml(name)} (${count})</button>`;
  }).join('');
  const cards = active
    .slice(0, FIRST_ROW)
    .map((article, index) => card(article, index, texts.catalog, config, origin))
    .join('');
  return [
    top,
    '<div class="cat-filters">',
    `<button type="button" class="cat-filter" aria-pressed="true">${t('filters.all', { count: active.length })}</button>`,
    `${filters}</div><ul class="cat-grid">${cards}</ul></section>`,
  ].join('');
}

/** The class of the element that holds the first paint (shell/src/firstPaint.ts looks for it). */
export const FIRST_PAINT_CLASS = 'first-paint';

function wrap(context: PageContext, main: string): string {
  return [
    `<div class="${FIRST_PAINT_CLASS}" inert aria-hidden="true">`,
    chrome(context),
    `<main id="main">${main}</main></div>`,
  ].join('');
}

export function renderHomeFirstPaint(context: PageContext, heroSrc: string): string {
  return wrap(context, homeContent(context, heroSrc));
}

export function renderCatalogueFirstPaint(
  context: PageContext,
  articles: Article[] | undefined,
  origin: string,
): string {
  const page = catalogueContent(context, articles, origin);
  return wrap(
    context,
    `<div class="remote-page"><div class="remote-slot remote-slot-CatalogPage">${page}</div></div>`,
  );
}

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
