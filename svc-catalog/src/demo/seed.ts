import { count } from 'drizzle-orm';
import { eurosToCents } from '@edicola/contracts';
import type { Db, EventBus, Logger } from '@edicola/platform';
import { articlePhotos, articles, reviews } from '../db/schema';
import { OPENING_STOCK_NOTE } from '../articles/editing';
import { announceArticleChanged } from '../ebay/article-changed';
import { prepareArticlePhoto } from '../photos/processing';
import { savePhotoFiles } from '../photos/storage';
import { recordMovement, SHOP_USER } from '../stock/ledger';
import { DEMO_ARTICLES } from './catalogue';
import { renderDemoImage } from './images';
import { DEMO_REVIEWS } from './reviews';

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoPhotos = { alt: string; photo: Awaited<ReturnType<typeof prepareArticlePhoto>> }[][];
let drawn: Promise<DemoPhotos> | undefined;

/**
 * Each demo article's cover, then its further views (more_photos), drawn and encoded like uploads: the same
 * every time, so drawn once per process (a test loading the demo into several databases pays it once).
 */
function demoPhotos(): Promise<DemoPhotos> {
  drawn ??= Promise.all(
    DEMO_ARTICLES.map((a) =>
      Promise.all(
        [a.title, ...(a.more_photos ?? [])].map(async (alt, view) => ({
          alt,
          photo: await prepareArticlePhoto(await renderDemoImage(a, view)),
        })),
      ),
    ),
  );
  drawn.catch(() => {
    drawn = undefined; // a failure is tried again next time
  });
  return drawn;
}

/** Loads the demo catalogue into an empty catalogue; does nothing once any article exists. */
export async function seedDemoCatalogue(db: Db, bus: EventBus, logger: Logger): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(articles);
  if ((existing?.n ?? 0) > 0) return 0;
  return loadDemoCatalogue(db, bus, logger);
}

/**
 * Adds the demo articles (with drawn photos, stored like uploads, each announced to the sales channels) and a few
 * approved reviews.
 */
export async function loadDemoCatalogue(db: Db, bus: EventBus, logger: Logger): Promise<number> {
  const started = Date.now();
  const photos = await demoPhotos();
  const now = Date.now();
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, demo] of DEMO_ARTICLES.entries()) {
      const views = photos[i]!;
      for (const { photo } of views) await savePhotoFiles(tx, photo.files);
      // Listed newest first: the first demo article is the newest.
      const createdAt = new Date(now - i * 60_000);
      const [row] = await tx
        .insert(articles)
        .values({
          sku: demo.sku,
          ean: demo.ean ?? null,
          title: demo.title,
          description: demo.description,
          category: demo.category,
          productType: demo.product_type,
          availabilityDate:
            demo.available_in_days === null
              ? null
              : new Date(now + demo.available_in_days * DAY_MS).toISOString().slice(0, 10),
          priceCents: eurosToCents(demo.price),
          ivaPercentage: demo.iva_percentage,
          quantityStock: demo.quantity_stock,
          weightKg: demo.weight,
          dimensions: demo.dimensions,
          photoUrl: views[0]!.photo.url,
          attributes: demo.attributes ?? {},
          shareFacebook: true,
          shareWhatsapp: true,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: articles.id });
      ids.set(demo.sku, row!.id);
      await tx.insert(articlePhotos).values(
        views.map(({ alt, photo }, position) => ({
          articleId: row!.id,
          position,
          url: photo.url,
          zoomUrl: photo.zoomUrl,
          alt,
        })),
      );
      if (demo.quantity_stock > 0) {
        await recordMovement(tx, {
          articleId: row!.id,
          delta: demo.quantity_stock,
          reason: 'received',
          note: OPENING_STOCK_NOTE,
          stockAfter: demo.quantity_stock,
          username: SHOP_USER,
        });
      }
      await announceArticleChanged(tx, bus, row!.id);
    }
    for (const review of DEMO_REVIEWS) {
      const createdAt = new Date(now - review.days_ago * DAY_MS);
      await tx.insert(reviews).values({
        articleId: ids.get(review.sku)!,
        rating: review.rating,
        title: review.title,
        comment: review.comment,
        customerName: review.customer_name,
        customerEmail: review.customer_email,
        helpfulCount: review.helpful_count,
        approved: true,
        approvedAt: createdAt,
        replyText: review.reply ?? null,
        repliedAt: review.reply ? new Date(createdAt.getTime() + DAY_MS / 2) : null,
        createdAt,
      });
    }
  });
  logger.info(
    { articles: DEMO_ARTICLES.length, reviews: DEMO_REVIEWS.length, ms: Date.now() - started },
    'demo catalogue loaded',
  );
  return DEMO_ARTICLES.length;
}
