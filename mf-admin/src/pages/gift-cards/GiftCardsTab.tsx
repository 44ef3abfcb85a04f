import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftCardOrigin, type GiftCard } from '@edicola/contracts';
import { failureText, formatEuro, formatShortDate, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';

/** One card's history, oldest first: issued, spent by an order, given back. */
export function GiftCardHistory({ card }: { card: GiftCard }) {
  const { t } = useTranslation('admin');
  return (
    <details>
      <summary>{t('giftCards.movementsSummary', { n: card.movements.length })}</summary>
      <ul>
        {card.movements.map((movement, index) => (
          <li key={index}>
            {formatShortDate(movement.at)} · {t(`giftCards.movements.${movement.kind}`)}
            {movement.order_reference ? ` · ${movement.order_reference}` : ''} ·{' '}
            {movement.amount > 0 ? '+' : '−'}
            {formatEuro(Math.abs(movement.amount))}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Buoni regalo (admin only): every gift card with its balance and history, and a new one issued for a card sold at
 * the counter, a trade-in or a goodwill gesture (docs/product/back-office.md#gift-cards).
 */
export default function GiftCardsTab() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const list = useLoad((signal) => api.giftCards.list(signal), 'gift-cards');
  const banner = useBanner();
  const [amount, setAmount] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [origin, setOrigin] = useState<GiftCardOrigin>('counter_sale');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const card = await api.giftCards.create({
        amount: Number(amount.replace(',', '.')),
        expires_on: expiresOn || null,
        origin,
        note: note.trim() || null,
      });
      banner.show('success', t('giftCards.created', { code: card.code, amount: formatEuro(card.balance) }));
      setAmount('');
      setNote('');
      list.reload();
    } catch (failure) {
      banner.show('error', failureText(failure, t('giftCards.saveError')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('giftCards.heading')}</h2>
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      <form className="adm-form" onSubmit={submit} noValidate aria-label={t('giftCards.new')}>
        <div className="adm-grid">
          <span className="adm-field">
            <label htmlFor={`${id}-amount`}>{t('giftCards.fields.amount')} *</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={`${id}-expires`}>{t('giftCards.fields.expiresOn')}</label>
            <input
              id={`${id}-expires`}
              type="date"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={`${id}-origin`}>{t('giftCards.fields.origin')}</label>
            <select
              id={`${id}-origin`}
              value={origin}
              onChange={(e) => setOrigin(e.target.value as GiftCardOrigin)}
            >
              {GiftCardOrigin.options.map((value) => (
                <option key={value} value={value}>
                  {t(`giftCards.origins.${value}`)}
                </option>
              ))}
            </select>
          </span>
          <span className="adm-field">
            <label htmlFor={`${id}-note`}>{t('giftCards.fields.note')}</label>
            <input id={`${id}-note`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </span>
        </div>
        <p className="adm-muted">{t('giftCards.expiryHint')}</p>
        <button type="submit" className="adm-button" disabled={saving}>
          {saving ? t('common.saving') : t('giftCards.new')}
        </button>
      </form>
      {list.error !== null && (
        <p className="adm-error" role="alert">
          {t('giftCards.loadError')}
        </p>
      )}
      {list.data && list.data.gift_cards.length === 0 && <p className="adm-empty">{t('giftCards.empty')}</p>}
      {list.data && list.data.gift_cards.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('giftCards.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('giftCards.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('giftCards.fields.code')}</th>
                <th scope="col">{t('giftCards.fields.balance')}</th>
                <th scope="col">{t('giftCards.fields.expiresOn')}</th>
                <th scope="col">{t('giftCards.fields.origin')}</th>
                <th scope="col">{t('giftCards.history')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.gift_cards.map((card) => (
                <tr key={card.id} data-testid="gift-card-row">
                  <td>
                    <code>{card.code}</code>
                  </td>
                  <td>
                    {t('giftCards.balanceOf', {
                      balance: formatEuro(card.balance),
                      initial: formatEuro(card.initial_amount),
                    })}
                  </td>
                  <td>
                    {card.expires_on}
                    {card.expired ? ` (${t('giftCards.expired')})` : ''}
                  </td>
                  <td>
                    {t(`giftCards.origins.${card.origin}`)}
                    {card.note ? ` · ${card.note}` : ''}
                  </td>
                  <td>
                    <GiftCardHistory card={card} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
