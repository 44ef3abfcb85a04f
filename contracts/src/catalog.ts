import { z } from 'zod';

/** Category filters of the catalogue (SPEC §2): query slug → the category name stored on articles. */
export const CATEGORIES = [
  { slug: 'modellismo', name: 'Modellismo' },
  { slug: 'pokemon', name: 'Pokemon' },
  { slug: 'caschi', name: 'Caschi' },
  { slug: 'trucks', name: 'Trucks' },
  { slug: 'trucksNew', name: 'Trucks New' },
  { slug: 'tuning', name: 'Tuning' },
  { slug: 'panini', name: 'Panini' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const ProductType = z.enum(['normale', 'prevendita', 'prenotazione']);
export type ProductType = z.infer<typeof ProductType>;

/** IVA options of SPEC §9; 0 means VAT-exempt. */
export const IVA_PERCENTAGES = [22, 10, 4, 0] as const;

/** An article as the API serves it: amounts in euros with two decimals. */
export const Article = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  product_type: ProductType,
  availability_date: z.string().nullable(),
  price: z.number().nonnegative(),
  iva_percentage: z.number().int().min(0).max(100),
  quantity_stock: z.number().int().nonnegative(),
  weight: z.number().nonnegative().nullable(),
  dimensions: z.string().nullable(),
  photo_url: z.string().nullable(),
  is_active: z.boolean(),
  shipping_cost_national: z.number(),
  shipping_cost_international: z.number(),
  share_facebook: z.boolean(),
  share_instagram: z.boolean(),
  share_whatsapp: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Article = z.infer<typeof Article>;

export const ArticleList = z.array(Article);
export type ArticleList = z.infer<typeof ArticleList>;

export const IvaOption = z.object({ value: z.number().int(), label: z.string() });
export type IvaOption = z.infer<typeof IvaOption>;

/** Params of GET /media/*path: a relative path of safe segments. */
export const MediaParams = z.object({
  path: z
    .array(
      z
        .string()
        .regex(/^[\w.-]+$/, 'segmento non valido')
        .refine((s) => s !== '..' && s !== '.'),
    )
    .min(1)
    .max(4),
});
