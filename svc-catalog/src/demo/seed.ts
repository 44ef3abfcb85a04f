import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { eurosToCents } from '@edicola/contracts';
import type { Db, Logger } from '@edicola/platform';
import { articles, photos } from '../db/schema';
import { DEMO_ARTICLES } from './catalogue';
import { renderDemoImage } from './images';

/** Loads the demo catalogue into an empty catalogue; does nothing once any article exists. */
export async function seedDemoCatalogue(db: Db, logger: Logger): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(articles);
  if ((existing?.n ?? 0) > 0) return 0;

  const started = Date.now();
  const images = await Promise.all(DEMO_ARTICLES.map((a) => renderDemoImage(a.title, a.category)));
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [i, demo] of DEMO_ARTICLES.entries()) {
      const image = images[i]!;
      const path = `articles/demo-${demo.sku.toLowerCase()}.webp`;
      await tx
        .insert(photos)
        .values({
          path,
          contentType: 'image/webp',
          data: image,
          sha256: createHash('sha256').update(image).digest('hex'),
        })
        .onConflictDoNothing();
      // Listed newest first: the first demo article is the newest.
      const createdAt = new Date(now - i * 60_000);
      await tx
        .insert(articles)
        .values({
          sku: demo.sku,
          title: demo.title,
          description: demo.description,
          category: demo.category,
          productType: demo.product_type,
          availabilityDate: demo.availability_date,
          priceCents: eurosToCents(demo.price),
          ivaPercentage: demo.iva_percentage,
          quantityStock: demo.quantity_stock,
          weightKg: demo.weight,
          dimensions: demo.dimensions,
          photoUrl: `/media/${path}`,
          shareFacebook: true,
          shareWhatsapp: true,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: articles.sku });
    }
  });
  logger.info({ articles: DEMO_ARTICLES.length, ms: Date.now() - started }, 'demo catalogue loaded');
  return DEMO_ARTICLES.length;
}
