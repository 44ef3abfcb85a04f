import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { busTables, jobTables } from '@edicola/platform';

export const catalog = pgSchema('catalog');

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const articles = catalog.table(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: text('sku').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    productType: text('product_type', { enum: ['normale', 'prevendita', 'prenotazione'] })
      .notNull()
      .default('normale'),
    availabilityDate: date('availability_date', { mode: 'string' }),
    priceCents: integer('price_cents').notNull(),
    ivaPercentage: integer('iva_percentage').notNull().default(22),
    quantityStock: integer('quantity_stock').notNull().default(0),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    dimensions: text('dimensions'),
    photoUrl: text('photo_url'),
    isActive: boolean('is_active').notNull().default(true),
    shareFacebook: boolean('share_facebook').notNull().default(false),
    shareInstagram: boolean('share_instagram').notNull().default(false),
    shareWhatsapp: boolean('share_whatsapp').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_active_type_idx').on(t.isActive, t.productType),
    index('articles_category_idx').on(sql`lower(${t.category})`),
    check('articles_stock_not_negative', sql`${t.quantityStock} >= 0`),
    check('articles_price_not_negative', sql`${t.priceCents} >= 0`),
    check('articles_iva_range', sql`${t.ivaPercentage} between 0 and 100`),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;

/** Media files live in the database, so any replica can serve any photo. */
export const photos = catalog.table('photos', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const { outbox, processedEvents, deadLetters } = busTables(catalog);
export const { jobs, jobSchedules } = jobTables(catalog);
