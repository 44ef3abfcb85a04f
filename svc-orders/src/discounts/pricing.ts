import { ArticlePrices, ROUTES, type ReservedLine } from '@edicola/contracts';
import type { Db, InternalClient } from '@edicola/platform';
import type { PricedLine } from '../orders/pricing';
import { applyCode, checkCode, type AppliedDiscount, type DiscountRow } from './rules';
import { checkCustomerUses, codeNamed } from './uses';

/**
 * A code on priced lines (an order's, or the cart's preview): every rule checked, the discount spread over the
 * lines it covers, each line's share written on it (`discount_cents`). Takes no use.
 */
export async function discountOf(
  db: Db,
  name: string,
  lines: PricedLine[],
  reserved: Pick<ReservedLine, 'article_id' | 'category'>[],
  email: string | null | undefined,
  at: Date,
): Promise<{ code: DiscountRow; applied: AppliedDiscount }> {
  const code = await codeNamed(db, name);
  const categories = new Map(reserved.map((line) => [line.article_id, line.category ?? null]));
  const seen = lines.map((line) => ({
    article_id: line.article_id,
    line_total_cents: line.line_total_cents,
    category: categories.get(line.article_id) ?? null,
  }));
  checkCode(code, seen, at);
  if (email) await checkCustomerUses(db, code, email);
  const applied = applyCode(code, seen);
  lines.forEach((line, index) => {
    line.discount_cents = applied.lineCents[index] ?? 0;
  });
  return { code, applied };
}

/**
 * The cart's lines priced by svc-catalog now, for the preview (nothing reserved): live articles only, an unknown or
 * inactive one left out.
 */
export async function cartLines(
  internal: InternalClient,
  wanted: { article_id: string; quantity: number }[],
): Promise<ReservedLine[]> {
  const prices = ArticlePrices.parse(
    await internal.get('svc-catalog', ROUTES['GET /internal/articles/prices'].path, {
      query: { ids: wanted.map((line) => line.article_id).join(',') },
    }),
  );
  const byId = new Map(prices.articles.map((article) => [article.article_id, article]));
  return wanted.flatMap((line) => {
    const article = byId.get(line.article_id);
    return article ? [{ ...article, quantity: line.quantity }] : [];
  });
}
