import type { Discount, DiscountInput, DiscountKind } from '@edicola/contracts';
import type { z } from 'zod';

/** The code dialog's fields as typed (docs/product/back-office.md#discount-codes). */
export interface DiscountDraft {
  code: string;
  kind: DiscountKind;
  value: string;
  min_total: string;
  max_uses: string;
  max_uses_per_customer: string;
  starts_at: string;
  ends_at: string;
  /** Comma-separated category names. */
  categories: string;
  /** Comma- or space-separated article ids. */
  article_ids: string;
}

export const emptyDiscount = (): DiscountDraft => ({
  code: '',
  kind: 'percent',
  value: '10',
  min_total: '',
  max_uses: '',
  max_uses_per_customer: '',
  starts_at: '',
  ends_at: '',
  categories: '',
  article_ids: '',
});

const text = (value: number | null) => (value === null ? '' : String(value));

export const discountDraftOf = (discount: Discount): DiscountDraft => ({
  code: discount.code,
  kind: discount.kind,
  value: String(discount.value),
  min_total: text(discount.min_total),
  max_uses: text(discount.max_uses),
  max_uses_per_customer: text(discount.max_uses_per_customer),
  starts_at: discount.starts_at ?? '',
  ends_at: discount.ends_at ?? '',
  categories: discount.categories.join(', '),
  article_ids: discount.article_ids.join(', '),
});

const number = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));
const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** What the API receives; the server checks every field and answers in Italian. */
export function discountPayload(draft: DiscountDraft): z.input<typeof DiscountInput> {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === 'free_shipping' ? 0 : (number(draft.value) ?? 0),
    min_total: number(draft.min_total),
    max_uses: number(draft.max_uses),
    max_uses_per_customer: number(draft.max_uses_per_customer),
    starts_at: draft.starts_at || null,
    ends_at: draft.ends_at || null,
    categories: list(draft.categories, /,/),
    article_ids: list(draft.article_ids, /[\s,]+/),
  };
}
