import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@edicola/web-kit';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import type { GiftCardState } from './useGiftCard';

/**
 * 'Hai un buono regalo?' (docs/product/cart-and-checkout.md#gift-cards): the field and 'Usa', then the card the
 * server knows with its balance and 'Rimuovi', or its refusal.
 */
export function GiftCardField({ giftCard }: { giftCard: GiftCardState }) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(giftCard.wanted !== null);
  const [typed, setTyped] = useState(giftCard.wanted ?? '');
  const [empty, setEmpty] = useState(false);

  if (giftCard.checked) {
    return (
      <div className="cko-discount" data-testid="gift-card-applied">
        <p role="status">{t('giftCard.applied', { balance: formatCents(giftCard.balanceCents) })}</p>
        <button
          type="button"
          className="cko-remove"
          aria-label={t('giftCard.removeLabel')}
          onClick={() => {
            giftCard.remove();
            setTyped('');
          }}
        >
          {t('giftCard.remove')}
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="cko-link" onClick={() => setOpen(true)}>
        {t('giftCard.ask')}
      </button>
    );
  }
  const error = empty ? t('giftCard.empty') : giftCard.error;
  return (
    <form
      className="cko-discount"
      onSubmit={(event) => {
        event.preventDefault();
        setEmpty(typed.trim() === '');
        if (typed.trim() !== '') giftCard.apply(typed);
      }}
    >
      <div className="cko-field">
        <label htmlFor={inputId}>{t('giftCard.label')}</label>
        <input
          id={inputId}
          value={typed}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <button type="submit" className="cko-secondary" disabled={giftCard.busy}>
        {giftCard.busy ? t('giftCard.applying') : t('giftCard.apply')}
      </button>
      {error && (
        <p id={errorId} className="cko-notice cko-warning" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
