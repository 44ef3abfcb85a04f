import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eurosToCents, type GiftCardCheckResponse } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import { DIALOG_NAMESPACE } from '../dialogI18n';

export interface GiftCardState {
  /** The code the shopper typed; null when none. */
  wanted: string | null;
  /** The server's answer (the card's balance); null while asking, after a refusal or without a code. */
  checked: GiftCardCheckResponse | null;
  /** The card's balance in cents (0 without a checked card). */
  balanceCents: number;
  busy: boolean;
  /** The server's refusal (its own words) or the failure to ask. */
  error: string;
  apply: (code: string) => void;
  remove: () => void;
}

/**
 * The cart's gift card (docs/product/cart-and-checkout.md#gift-cards): its balance asked of the server when applied;
 * what it pays is decided again by the order (the lesser of the balance and the total).
 */
export function useGiftCard(api: CheckoutApi): GiftCardState {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const [wanted, setWanted] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ for: string; check: GiftCardCheckResponse | null; error: string }>({
    for: '',
    check: null,
    error: '',
  });

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    api.checkGiftCard({ code: wanted }, controller.signal).then(
      (check) => setAnswer({ for: wanted, check, error: '' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ for: wanted, check: null, error: failureText(error, t('giftCard.error')) });
      },
    );
    return () => controller.abort();
  }, [api, wanted, t]);

  const settled = wanted !== null && answer.for === wanted;
  const checked = settled ? answer.check : null;
  return {
    wanted,
    checked,
    balanceCents: checked ? eurosToCents(checked.balance) : 0,
    busy: wanted !== null && !settled,
    error: settled ? answer.error : '',
    apply: (code) => setWanted(code.trim() === '' ? null : code.trim()),
    remove: () => setWanted(null),
  };
}
