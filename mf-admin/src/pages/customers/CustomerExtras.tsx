import { useTranslation } from 'react-i18next';
import type { CustomerAdminDetail } from '@edicola/contracts';
import { formatEuro, formatShortDate, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { GiftCardHistory } from '../gift-cards/GiftCardsTab';

/** The consents svc-notify keeps for the customer's e-mail: when, where and which text (account.md#erasure). */
export function CustomerConsents({ customer }: { customer: CustomerAdminDetail }) {
  const { t } = useTranslation('admin');
  const newsletter = customer.consents?.newsletter;
  return (
    <div className="adm-card" data-testid="customer-consents">
      <h3>{t('giftCards.consents')}</h3>
      {!customer.consents ? (
        <p className="adm-muted">{t('giftCards.consentsUnknown')}</p>
      ) : !newsletter ? (
        <p>{t('giftCards.newsletterNone')}</p>
      ) : newsletter.unsubscribed_at ? (
        <p>{t('giftCards.newsletterOff', { date: formatShortDate(newsletter.unsubscribed_at) })}</p>
      ) : (
        <p>
          {t('giftCards.newsletter', {
            date: formatShortDate(newsletter.confirmed_at ?? newsletter.subscribed_at),
            source: newsletter.source,
            version: newsletter.text_version ?? '—',
          })}
        </p>
      )}
    </div>
  );
}

/** The gift cards and store credit issued to an account, with their balance and history. */
export function CustomerGiftCards({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const cards = useLoad((signal) => api.giftCards.ofCustomer(id, signal), `gift-cards:${id}`);
  return (
    <div className="adm-card adm-wide-card" data-testid="customer-gift-cards">
      <h3>{t('giftCards.customer')}</h3>
      {cards.data && cards.data.gift_cards.length === 0 && (
        <p className="adm-muted">{t('giftCards.customerEmpty')}</p>
      )}
      {cards.data && cards.data.gift_cards.length > 0 && (
        <ul>
          {cards.data.gift_cards.map((card) => (
            <li key={card.id}>
              <code>{card.code}</code> ·{' '}
              {t('giftCards.balanceOf', {
                balance: formatEuro(card.balance),
                initial: formatEuro(card.initial_amount),
              })}{' '}
              · {card.expires_on}
              <GiftCardHistory card={card} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
