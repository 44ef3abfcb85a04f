import { centsToEuros, DISCOUNT_DETAILS, discountMinimumDetail, type DiscountKind } from '@edicola/contracts';
import { HttpError } from '@edicola/platform';
import type { discountCodes } from '../db/schema';
import { spreadInProportion } from '../invoices/document';
import { romeDay } from '../orders/rome-time';

export type DiscountRow = typeof discountCodes.$inferSelect;

/** A priced line as a code sees it: its gross total and what limits a code to it. */
export interface DiscountableLine {
  article_id: string;
  line_total_cents: number;
  category?: string | null;
}

/** What a code is worth on an order (docs/product/cart-and-checkout.md#discount-codes). */
export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
  /** Each line's share, gross cents, in the lines' order (0 for a line the code does not cover). */
  lineCents: number[];
  /** The lines' discount: the shares' sum. */
  linesCents: number;
  freeShipping: boolean;
}

/** A refused code: 422 with the shopper's words (every rule's refusal is the same status). */
export const refuseCode = (detail: string) => new HttpError(422, detail);

const sameCategory = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');

/** Whether a code covers a line: no limit, or its article or its category is among the code's. */
export function coversLine(code: Pick<DiscountRow, 'categories' | 'articleIds'>, line: DiscountableLine) {
  if (code.categories.length === 0 && code.articleIds.length === 0) return true;
  if (code.articleIds.includes(line.article_id)) return true;
  return !!line.category && code.categories.some((category) => sameCategory(category, line.category!));
}

/**
 * The checks that need no count of uses, in the order the shopper is told: paused, not yet valid, expired (days of
 * Naples, both ends included), exhausted, then the lines: none covered, minimum not reached (the whole order's
 * gross lines before the discount).
 */
export function checkCode(code: DiscountRow, lines: DiscountableLine[], at: Date): void {
  if (code.paused) throw refuseCode(DISCOUNT_DETAILS.paused);
  const today = romeDay(at);
  if (code.startsOn && today < code.startsOn) throw refuseCode(DISCOUNT_DETAILS.notYetValid);
  if (code.endsOn && today > code.endsOn) throw refuseCode(DISCOUNT_DETAILS.expired);
  if (code.maxUses !== null && code.uses >= code.maxUses) throw refuseCode(DISCOUNT_DETAILS.exhausted);
  if (!lines.some((line) => coversLine(code, line))) throw refuseCode(DISCOUNT_DETAILS.notApplicable);
  const gross = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  if (code.minTotalCents !== null && gross < code.minTotalCents)
    throw refuseCode(discountMinimumDetail(centsToEuros(code.minTotalCents)));
}

/**
 * The discount of a code on checked lines, spread over the covered lines in proportion to their gross totals, in
 * whole cents that add up to it (largest remainders, docs/decisions/0057-discount-codes.md): a percentage of the
 * covered lines rounded half up; an amount never more than the covered lines; free shipping takes nothing off the
 * lines.
 */
export function applyCode(code: DiscountRow, lines: DiscountableLine[]): AppliedDiscount {
  const covered = lines.map((line) => (coversLine(code, line) ? line.line_total_cents : 0));
  const base = covered.reduce((a, b) => a + b, 0);
  const total =
    code.kind === 'percent'
      ? Math.floor((base * code.value + 50) / 100)
      : code.kind === 'amount'
        ? Math.min(code.value, base)
        : 0;
  const lineCents = total === 0 ? covered.map(() => 0) : spreadInProportion(total, covered);
  return {
    code: code.code,
    kind: code.kind,
    lineCents,
    linesCents: total,
    freeShipping: code.kind === 'free_shipping',
  };
}
