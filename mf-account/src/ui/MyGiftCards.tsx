import { useTranslation } from 'react-i18next';
import { formatEuro, formatDay, useLoad } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import type { CustomerSession } from '../session';

/**
 * /profilo's 'Buoni regalo e credito' (docs/product/cart-and-checkout.md#gift-cards): the cards issued to the account,
 * each with its code to type at checkout, balance, expiry and history; nothing when there are none.
 */
export function MyGiftCards({
  api,
  session,
  token,
}: {
  api: AccountApi;
  session: CustomerSession;
  token: string;
}) {
  const { t, i18n } = useTranslation('account');
  const day = (iso: string) => formatDay(iso, i18n.language);
  const cards = useLoad(async (signal) => {
    try {
      return await api.giftCards(token);
    } catch (error) {
      if (!signal.aborted) session.refused(error);
      throw error;
    }
  }, token);
  if (!cards.data || cards.data.gift_cards.length === 0) return null;
  return (
    <section
      className="acct-card acct-card-wide"
      aria-labelledby="acct-gift-cards-title"
      data-testid="my-gift-cards"
    >
      <h2 id="acct-gift-cards-title">{t('giftCards.title')}</h2>
      <ul>
        {cards.data.gift_cards.map((card) => (
          <li key={card.id}>
            <p>
              <code>{card.code}</code> ·{' '}
              <strong>{t('giftCards.balance', { balance: formatEuro(card.balance) })}</strong> ·{' '}
              {card.expired
                ? t('giftCards.expired', { date: day(card.expires_on) })
                : t('giftCards.expires', { date: day(card.expires_on) })}
            </p>
            <details>
              <summary>{t('giftCards.history')}</summary>
              <ul>
                {card.movements.map((movement, index) => (
                  <li key={index}>
                    {day(movement.at)} · {t(`giftCards.movements.${movement.kind}`)}
                    {movement.order_reference ? ` · ${movement.order_reference}` : ''} ·{' '}
                    {movement.amount > 0 ? '+' : '−'}
                    {formatEuro(Math.abs(movement.amount))}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
