import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@edicola/web-kit';
import { QUICK_NOTES, type PaymentDraft, type PaymentMode, type PaymentState } from './sale';

const MODES: PaymentMode[] = ['cash', 'card', 'mixed'];

/** How the customer pays: cash (amount given, change live), the shop's card terminal, or both. */
export function PaymentBox({
  total,
  draft,
  state,
  onChange,
}: {
  total: number;
  draft: PaymentDraft;
  state: PaymentState;
  onChange: (draft: PaymentDraft) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const set = (changes: Partial<PaymentDraft>) => onChange({ ...draft, ...changes });
  const giftPart = Number((draft.giftPart ?? '').trim().replace(',', '.'));
  const rest = Number.isFinite(giftPart) && giftPart > 0 ? Math.max(0, total - giftPart) : total;
  const cashDue = draft.mode === 'mixed' ? null : rest;

  return (
    <fieldset className="adm-payment">
      <legend>{t('counter.payment.title')}</legend>
      <div className="adm-checks" role="radiogroup" aria-label={t('counter.payment.method')}>
        {MODES.map((mode) => (
          <label key={mode} className="adm-check">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={draft.mode === mode}
              onChange={() => set({ mode })}
            />
            {t(`counter.payment.${mode}`)}
          </label>
        ))}
      </div>
      <div className="adm-grid">
        <span className="adm-field">
          <label htmlFor={`${id}-gift-code`}>{t('counter.payment.giftCode')}</label>
          <input
            id={`${id}-gift-code`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={draft.giftCode ?? ''}
            onChange={(event) => set({ giftCode: event.target.value })}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-gift-part`}>{t('counter.payment.giftPart')}</label>
          <input
            id={`${id}-gift-part`}
            inputMode="decimal"
            autoComplete="off"
            value={draft.giftPart ?? ''}
            onChange={(event) => set({ giftPart: event.target.value })}
          />
        </span>
      </div>
      {draft.mode === 'card' && (
        <p className="adm-muted">{t('counter.payment.cardAmount', { amount: formatEuro(rest) })}</p>
      )}
      {draft.mode === 'mixed' && (
        <span className="adm-field">
          <label htmlFor={`${id}-card`}>{t('counter.payment.cardPart')}</label>
          <input
            id={`${id}-card`}
            inputMode="decimal"
            autoComplete="off"
            value={draft.cardPart}
            onChange={(event) => set({ cardPart: event.target.value })}
          />
        </span>
      )}
      {draft.mode !== 'card' && (
        <>
          <span className="adm-field">
            <label htmlFor={`${id}-cash`}>{t('counter.payment.cashGiven')}</label>
            <input
              id={`${id}-cash`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.cashGiven}
              onChange={(event) => set({ cashGiven: event.target.value })}
            />
          </span>
          {cashDue !== null && (
            <div className="adm-quick-cash" role="group" aria-label={t('counter.payment.quick')}>
              <button
                type="button"
                className="adm-button adm-button-small adm-button-light"
                onClick={() => set({ cashGiven: cashDue.toFixed(2).replace('.', ',') })}
              >
                {t('counter.payment.exact')}
              </button>
              {QUICK_NOTES.filter((note) => note >= cashDue).map((note) => (
                <button
                  key={note}
                  type="button"
                  className="adm-button adm-button-small adm-button-light"
                  onClick={() => set({ cashGiven: String(note) })}
                >
                  {formatEuro(note)}
                </button>
              ))}
            </div>
          )}
        </>
      )}
      <p className="adm-payment-state" aria-live="polite" data-testid="payment-state">
        {state.invalid
          ? t('counter.invalidAmount')
          : state.missing > 0
            ? t('counter.payment.missing', { amount: formatEuro(state.missing) })
            : state.payments && t('counter.payment.change', { amount: formatEuro(state.change) })}
      </p>
    </fieldset>
  );
}
