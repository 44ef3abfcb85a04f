import {
  SHOP_INFO,
  articlePath,
  categoryOf,
  centsToEuros,
  fallbackShippingCents,
  itemCondition,
  type Article,
} from '@edicola/contracts';
import { escapeHtml } from './storefront-page';
import { grossAmount, photoUrls, preOrderDate, stockOf } from './storefront-structured-data';

/**
 * The Google Merchant Center feed, /feeds/google-merchant.xml (docs/product/article-pages.md#merchant-feed):
 * RSS 2.0 with Google's `g:` attributes, one item per active article, in Italian only (the titles are the
 * staff's Italian; the feed is for Google Shopping in Italy).
 */

export const FEED_LIMITS = { id: 50, title: 150, description: 5000, additionalImages: 10 } as const;
/** Google refuses a pre-order date more than a year ahead. */
const PREORDER_HORIZON_MS = 365 * 24 * 60 * 60 * 1000;

/** Google's product categories (their ids) for the shop's categories; the rest are described by g:product_type. */
const GOOGLE_CATEGORIES: Partial<Record<string, number>> = {
  pokemon: 3793, // Toys & Games > Games > Card Games
  panini: 216, // Arts & Entertainment > Hobbies & Creative Arts > Collectibles
  modellismo: 3885, // Toys & Games > Toys > Vehicle Toys > Toy Cars
  trucks: 3885,
  trucksNew: 3885,
  tuning: 3885,
  caschi: 216,
};

function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** The description as plain text: markup and control characters out. */
function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/<[^>]*>/g, ' ').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** The shop's national shipping price (docs/product/orders-and-payments.md#fallback-shipping: one item to Italy). */
export const NATIONAL_SHIPPING = `${centsToEuros(fallbackShippingCents('national', 1)).toFixed(2)} EUR`;

/** One article as a feed item: the lines of its `<item>`. */
function item(article: Article, origin: string, mediaBaseUrl: string, now: Date): string {
  const element = (name: string, value: string) => `<g:${name}>${escapeHtml(value)}</g:${name}>`;
  const photos = photoUrls(article, mediaBaseUrl);
  const starts = preOrderDate(article, now);
  // A pre-sale more than a year ahead cannot be announced to Google: it is out of stock until then.
  const stock =
    starts && starts.getTime() - now.getTime() > PREORDER_HORIZON_MS ? 'out_of_stock' : stockOf(article, now);
  const slug = categoryOf(article.category);
  const google = slug ? GOOGLE_CATEGORIES[slug] : undefined;
  const id = article.sku && article.sku.length <= FEED_LIMITS.id ? article.sku : article.id;
  const lines = [
    element('id', id),
    element('title', clip(article.title, FEED_LIMITS.title)),
    element('description', clip(plainText(article.description), FEED_LIMITS.description) || article.title),
    element('link', `${origin}${articlePath(article.slug)}`),
    ...(photos[0] ? [element('image_link', photos[0])] : []),
    ...photos.slice(1, 1 + FEED_LIMITS.additionalImages).map((url) => element('additional_image_link', url)),
    element('availability', stock),
    ...(stock === 'preorder' && starts ? [element('availability_date', starts.toISOString())] : []),
    element('price', `${grossAmount(article)} EUR`),
    element('condition', itemCondition(article.attributes)),
    element('brand', article.attributes.maker ?? SHOP_INFO.name),
    ...(article.ean ? [element('gtin', article.ean)] : [element('identifier_exists', 'no')]),
    ...(google ? [element('google_product_category', String(google))] : []),
    element('product_type', article.category),
    `<g:shipping>${element('country', 'IT')}${element('service', 'Standard')}${element('price', NATIONAL_SHIPPING)}</g:shipping>`,
  ];
  return `    <item>\n      ${lines.join('\n      ')}\n    </item>`;
}

/** The feed of every active article with a photo (Merchant Center refuses an item without an image). */
export function merchantFeedXml(
  origin: string,
  articles: Article[],
  mediaBaseUrl: string,
  now = new Date(),
): string {
  const listed = articles.filter(
    (article) => article.is_active && article.slug && photoUrls(article, mediaBaseUrl).length,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${escapeHtml(SHOP_INFO.name)}</title>`,
    `    <link>${escapeHtml(`${origin}/`)}</link>`,
    `    <description>${escapeHtml(`${SHOP_INFO.name}: catalogo prodotti`)}</description>`,
    ...listed.map((article) => item(article, origin, mediaBaseUrl, now)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
