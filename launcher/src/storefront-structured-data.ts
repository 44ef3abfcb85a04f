import {
  SEARCH_PATH,
  SHOP_INFO,
  articlePath,
  grossPrice,
  itemCondition,
  localizedPath,
  type Article,
  type Language,
  type PublicReview,
  type ReviewSummary,
} from '@edicola/contracts';

/**
 * What search engines read of a page beyond its head: schema.org JSON-LD
 * (docs/product/article-pages.md#structured-data). A Product with its Offer on an article page, a
 * BreadcrumbList on article and category pages, the WebSite (with the search box) and the Organization on the
 * home page.
 */

/** How many reviews an article page's Product carries (the newest approved). */
export const REVIEW_LIMIT = 5;

/** An article photo's absolute address at 800 px (the stored `-400.webp` card size has an `-800.webp` twin). */
export function largePhotoUrl(url: string, mediaBaseUrl: string): string {
  const large = url.replace(/-400(\.webp)$/, '-800$1');
  return new URL(large, `${mediaBaseUrl.replace(/\/+$/, '')}/`).href;
}

/** Every photo of an article, absolute and large, the cover first (`photo_url` for an article stored before photos). */
export function photoUrls(article: Article, mediaBaseUrl: string): string[] {
  const urls = article.photos.length
    ? article.photos.map((p) => p.url)
    : article.photo_url
      ? [article.photo_url]
      : [];
  return urls.map((url) => largePhotoUrl(url, mediaBaseUrl));
}

/** The price a shopper pays (VAT included), as schema.org and Merchant Center want it: "12.50". */
export const grossAmount = (article: Article) => grossPrice(article.price, article.iva_percentage).toFixed(2);

/** The day a pre-sale article arrives, when it is in the future: it is on pre-order until then. */
export function preOrderDate(article: Article, now = new Date()): Date | undefined {
  if (article.product_type === 'normale' || !article.availability_date) return undefined;
  const date = new Date(article.availability_date);
  return Number.isNaN(date.getTime()) || date <= now ? undefined : date;
}

export type Stock = 'in_stock' | 'out_of_stock' | 'preorder';
export function stockOf(article: Article, now = new Date()): Stock {
  if (preOrderDate(article, now)) return 'preorder';
  return article.quantity_stock > 0 ? 'in_stock' : 'out_of_stock';
}

const SCHEMA_AVAILABILITY: Record<Stock, string> = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
};

/** The attributes' names as a shopper reads them (Italian: the page's data, like the title). */
const ATTRIBUTE_NAMES: Record<string, string> = {
  condition: 'Condizione',
  language: 'Lingua',
  edition: 'Edizione',
  grader: 'Ente di gradazione',
  grade: 'Voto',
  certificate_number: 'Numero di certificato',
  scale: 'Scala',
  maker: 'Produttore',
  size: 'Taglia',
  replica_scale: 'Scala della replica',
};

/** The shop as a schema.org Organization. */
export function organization(origin: string) {
  return {
    '@type': 'Organization',
    name: SHOP_INFO.name,
    url: `${origin}/`,
    telephone: SHOP_INFO.phone,
    email: SHOP_INFO.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: SHOP_INFO.street,
      addressLocality: 'Napoli',
      postalCode: '80134',
      addressCountry: 'IT',
    },
    sameAs: SHOP_INFO.social.map((social) => social.url),
  };
}

export interface ProductContext {
  origin: string;
  language: Language;
  mediaBaseUrl: string;
  reviews?: PublicReview[];
  summary?: ReviewSummary;
  now?: Date;
}

/** An article page's Product, with its Offer, its rating and reviews when it has approved ones, its attributes. */
export function productJsonLd(article: Article, context: ProductContext) {
  const { origin, language, mediaBaseUrl, now = new Date() } = context;
  const url = `${origin}${localizedPath(language, articlePath(article.slug))}`;
  const stock = stockOf(article, now);
  const starts = preOrderDate(article, now);
  const ean = article.ean && /^\d{8}$|^\d{13}$/.test(article.ean) ? article.ean : undefined;
  const reviews = (context.reviews ?? []).filter((review) => review.approved);
  const summary = context.summary;
  const attributes = Object.entries(article.attributes).filter(([, value]) => value != null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: article.title,
    description: article.description.replace(/\s+/g, ' ').trim() || article.title,
    sku: article.sku,
    ...(ean ? { [ean.length === 13 ? 'gtin13' : 'gtin8']: ean } : {}),
    image: photoUrls(article, mediaBaseUrl),
    url,
    category: article.category,
    ...(article.attributes.maker ? { brand: { '@type': 'Brand', name: article.attributes.maker } } : {}),
    ...(attributes.length
      ? {
          additionalProperty: attributes.map(([name, value]) => ({
            '@type': 'PropertyValue',
            name: ATTRIBUTE_NAMES[name] ?? name,
            value: String(value),
          })),
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: grossAmount(article),
      priceCurrency: 'EUR',
      availability: SCHEMA_AVAILABILITY[stock],
      ...(starts ? { availabilityStarts: starts.toISOString() } : {}),
      itemCondition:
        itemCondition(article.attributes) === 'new'
          ? 'https://schema.org/NewCondition'
          : 'https://schema.org/UsedCondition',
      seller: { '@type': 'Organization', name: SHOP_INFO.name },
    },
    // Google counts a rating only with reviews behind it: none without approved ones.
    ...(summary && summary.total_reviews > 0 && reviews.length > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: summary.average_rating,
            reviewCount: summary.total_reviews,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.slice(0, REVIEW_LIMIT).map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.customer_name },
            datePublished: review.created_at.slice(0, 10),
            name: review.title,
            reviewBody: review.comment,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** The trail of an article or category page (unprefixed paths, as catalogueMeta gives them), absolute in `language`. */
export function breadcrumbJsonLd(
  crumbs: { name: string; path: string }[],
  origin: string,
  language: Language,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${localizedPath(language, crumb.path)}`,
    })),
  };
}

/** The home page's WebSite, with the search box Google may show (the shop's search, /cerca?q=), and the shop. */
export function homeJsonLd(origin: string, language: Language) {
  const home = `${origin}${localizedPath(language, '/')}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SHOP_INFO.name,
      url: home,
      inLanguage: language,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${origin}${localizedPath(language, SEARCH_PATH)}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
    { '@context': 'https://schema.org', ...organization(origin) },
  ];
}

/** One `<script type="application/ld+json">` holding `data` (`<` escaped: no text can close the element). */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
