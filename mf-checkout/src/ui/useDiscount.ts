import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eurosToCents, type DiscountCheckResponse } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import type { PricedLine } from '../cart';
import { DIALOG_NAMESPACE } from '../dialogI18n';

export interface Discount {
  /** The code the shopper asked for; null when none. */
  wanted: string | null;
  /** The server's answer for the cart as it is now; null while asking, after a refusal or without a code. */
  applied: DiscountCheckResponse | null;
  /** Cents off the lines (0 without an applied code). */
  cents: number;
  freeShipping: boolean;
  busy: boolean;
  /** The server's refusal (its own words) or the failure to ask. */
  error: string;
  apply: (code: string) => void;
  remove: () => void;
}

/**
 * The cart's discount code (docs/product/cart-and-checkout.md#discount-codes): asked of the server when applied and
 * again whenever the lines change, since only its answer decides what the code is worth.
 */
export function useDiscount(api: CheckoutApi, lines: readonly PricedLine[]): Discount {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const [wanted, setWanted] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ for: string; check: DiscountCheckResponse | null; error: string }>({
    for: '',
    check: null,
    error: '',
  });
  const items = lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity }));
  const request = wanted && items.length > 0 ? JSON.stringify({ code: wanted, items }) : '';

  useEffect(() => {
    if (!request) return;
    const { code, items: asked } = JSON.parse(request) as { code: string; items: typeof items };
    const controller = new AbortController();
    api.checkDiscount({ code, lines: asked }, controller.signal).then(
      (check) => setAnswer({ for: request, check, error: '' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ for: request, check: null, error: failureText(error, t('discount.error')) });
      },
    );
    return () => controller.abort();
  }, [api, request, t]);

  const settled = request !== '' && answer.for === request;
  const applied = settled ? answer.check : null;
  return {
    wanted,
    applied,
    cents: applied ? eurosToCents(applied.discount_amount) : 0,
    freeShipping: applied?.free_shipping ?? false,
    busy: request !== '' && !settled,
    error: settled ? answer.error : '',
    apply: (code) => setWanted(code.trim() === '' ? null : code.trim()),
    remove: () => setWanted(null),
  };
}
