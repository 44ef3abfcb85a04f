import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import type { Discount } from './useDiscount';

/**
 * 'Hai un codice sconto?' (docs/product/cart-and-checkout.md#discount-codes): the field and 'Applica', then the
 * code the server accepted with 'Rimuovi', or its refusal.
 */
export function DiscountField({ discount }: { discount: Discount }) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(discount.wanted !== null);
  const [typed, setTyped] = useState(discount.wanted ?? '');
  const [empty, setEmpty] = useState(false);

  if (discount.applied) {
    return (
      <div className="cko-discount" data-testid="discount-applied">
        <p role="status">{t('discount.applied', { code: discount.applied.code })}</p>
        <button
          type="button"
          className="cko-remove"
          aria-label={t('discount.removeLabel', { code: discount.applied.code })}
          onClick={() => {
            discount.remove();
            setTyped('');
          }}
        >
          {t('discount.remove')}
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="cko-link" onClick={() => setOpen(true)}>
        {t('discount.ask')}
      </button>
    );
  }
  const error = empty ? t('discount.empty') : discount.error;
  return (
    <form
      className="cko-discount"
      onSubmit={(event) => {
        event.preventDefault();
        setEmpty(typed.trim() === '');
        if (typed.trim() !== '') discount.apply(typed);
      }}
    >
      <div className="cko-field">
        <label htmlFor={inputId}>{t('discount.label')}</label>
        <input
          id={inputId}
          value={typed}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <button type="submit" className="cko-secondary" disabled={discount.busy}>
        {discount.busy ? t('discount.applying') : t('discount.apply')}
      </button>
      {error && (
        <p id={errorId} className="cko-notice cko-warning" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
