import { ArticleParcels, ROUTES, type ArticleParcelInfo, type Parcel } from '@edicola/contracts';
import type { InternalClient, Logger } from '@edicola/platform';
import type { StoredOrderLine } from '../db/schema';

/**
 * The parcel of an order (docs/operations.md "Shipments (Packlink PRO)"): the catalogue's articles carry a weight
 * (kg) and a size typed by staff ("30x21x2 cm"); svc-catalog answers them for the order's articles. Units are
 * stacked: the parcel is as long and wide as its largest unit and as high as all of them together, and weighs
 * their sum. A unit without a weight or a readable size counts as DEFAULT_UNIT (a magazine in its envelope) and
 * the parcel is marked `estimated`, as it is when the catalogue cannot be asked.
 */
export const DEFAULT_UNIT = { weight_kg: 0.5, length_cm: 30, width_cm: 22, height_cm: 3 } as const;

interface Size {
  length: number;
  width: number;
  height: number;
}

/** "30x21x2 cm", "30 × 21", "300x210x20 mm", "0,3x0,2x0,05 m" → centimetres, largest first; null when unreadable. */
export function parseDimensions(text: string | null): Size | null {
  if (!text) return null;
  const match =
    /(\d+(?:[.,]\d+)?)\s*[x×*]\s*(\d+(?:[.,]\d+)?)(?:\s*[x×*]\s*(\d+(?:[.,]\d+)?))?\s*(mm|cm|m)?\b/i.exec(
      text,
    );
  if (!match) return null;
  const factor = { mm: 0.1, cm: 1, m: 100 }[(match[4] ?? 'cm').toLowerCase() as 'mm' | 'cm' | 'm'];
  const values = [match[1], match[2], match[3] ?? '1']
    .map((v) => Number(v!.replace(',', '.')) * factor)
    .sort((a, b) => b - a);
  if (values.some((v) => !Number.isFinite(v) || v <= 0)) return null;
  return { length: values[0]!, width: values[1]!, height: values[2]! };
}

export function parcelOf(
  lines: Pick<StoredOrderLine, 'article_id' | 'quantity'>[],
  info: Map<string, ArticleParcelInfo> | null,
): Parcel {
  let estimated = info === null;
  let weight = 0;
  let length = 0;
  let width = 0;
  let height = 0;
  for (const line of lines) {
    const article = info?.get(line.article_id);
    const size = parseDimensions(article?.dimensions ?? null);
    const unitWeight = article?.weight_kg && article.weight_kg > 0 ? article.weight_kg : null;
    if (!size || unitWeight === null) estimated = true;
    const unit = size ?? {
      length: DEFAULT_UNIT.length_cm,
      width: DEFAULT_UNIT.width_cm,
      height: DEFAULT_UNIT.height_cm,
    };
    weight += (unitWeight ?? DEFAULT_UNIT.weight_kg) * line.quantity;
    length = Math.max(length, unit.length);
    width = Math.max(width, unit.width);
    height += unit.height * line.quantity;
  }
  return {
    weight_kg: Math.max(0.1, Math.ceil(weight * 10) / 10),
    length_cm: Math.max(1, Math.ceil(length)),
    width_cm: Math.max(1, Math.ceil(width)),
    height_cm: Math.max(1, Math.ceil(height)),
    estimated,
  };
}

/** Asks svc-catalog for the articles' weight and size; null (the default parcel, estimated) when it cannot answer. */
export async function articleParcelInfo(
  internal: InternalClient,
  articleIds: string[],
  logger: Logger,
): Promise<Map<string, ArticleParcelInfo> | null> {
  try {
    const answer = ArticleParcels.parse(
      await internal.get('svc-catalog', ROUTES['GET /internal/articles/parcels'].path, {
        query: { ids: articleIds.join(',') },
      }),
    );
    return new Map(answer.articles.map((a) => [a.article_id, a]));
  } catch (error) {
    logger.warn({ err: error }, 'svc-catalog did not answer the articles’ sizes: default parcel used');
    return null;
  }
}
