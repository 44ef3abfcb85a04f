import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HomeOrders, SdiRejection } from '@edicola/contracts';
import { failureText, formatEuro, formatShortDate, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import type { TabCounts } from '../../frame/useCounts';

/** The order cards of the home, in their order on screen, each with the filtered list it leads to. */
const ORDER_CARDS = [
  { key: 'to_confirm', list: '/gestione/ordini?stato=nuovi&pagamento=paid&ordina=oldest' },
  { key: 'to_ship', list: '/gestione/ordini?stato=confermati&ordina=oldest' },
  {
    key: 'transfers_due',
    list: '/gestione/ordini?stato=nuovi&metodo=transfer&pagamento=to_pay&ordina=oldest',
  },
  { key: 'shipment_problems', list: null },
] as const;

function OrderCard({ id, orders, list }: { id: string; orders: HomeOrders; list: string | null }) {
  const { t } = useTranslation('admin');
  const titleId = `adm-home-${id}`;
  return (
    <section className="adm-home-card" aria-labelledby={titleId} data-testid={`home-${id}`}>
      <h3 id={titleId}>
        {t(`home.cards.${id}`)}{' '}
        <span className={orders.count ? 'adm-alert' : 'adm-count'}>{orders.count}</span>
      </h3>
      {orders.count === 0 ? (
        <p className="adm-muted">{t('home.nothing')}</p>
      ) : (
        <ul className="adm-home-list">
          {orders.orders.map((order) => (
            <li key={order.id}>
              <Link to={`/gestione/ordini/${order.id}`}>{order.order_reference}</Link>{' '}
              <span>{order.customer_name}</span>{' '}
              <span className="adm-muted">{formatEuro(order.total_amount)}</span>
              {order.payment_due_at && (
                <span className="adm-muted">
                  {' '}
                  · {t('home.dueOn', { date: formatShortDate(order.payment_due_at) })}
                </span>
              )}
              {order.problem && <span className="adm-home-problem">{order.problem}</span>}
            </li>
          ))}
        </ul>
      )}
      {list && orders.count > 0 && <Link to={list}>{t('home.seeAll', { n: orders.count })}</Link>}
    </section>
  );
}

/** A count the catalogue keeps (low stock, reviews to moderate) and the list it leads to. */
function CountCard({ id, count, list }: { id: string; count: number | undefined; list: string }) {
  const { t } = useTranslation('admin');
  const titleId = `adm-home-${id}`;
  return (
    <section className="adm-home-card" aria-labelledby={titleId} data-testid={`home-${id}`}>
      <h3 id={titleId}>
        {t(`home.cards.${id}`)}{' '}
        {count !== undefined && <span className={count ? 'adm-alert' : 'adm-count'}>{count}</span>}
      </h3>
      {count === undefined ? (
        <p className="adm-muted">{t('home.countUnavailable')}</p>
      ) : count === 0 ? (
        <p className="adm-muted">{t('home.nothing')}</p>
      ) : (
        <Link to={list}>{t('home.seeAll', { n: count })}</Link>
      )}
    </section>
  );
}

/** The SdI's rejections: shown only when there are some, each with its reason and its order. */
function SdiRejections({ rejections }: { rejections: SdiRejection[] }) {
  const { t } = useTranslation('admin');
  return (
    <section
      className="adm-home-card adm-home-urgent"
      aria-labelledby="adm-home-sdi_rejections"
      data-testid="home-sdi_rejections"
    >
      <h3 id="adm-home-sdi_rejections">
        {t('home.cards.sdi_rejections')} <span className="adm-alert">{rejections.length}</span>
      </h3>
      <ul className="adm-home-list">
        {rejections.map((rejection) => (
          <li key={`${rejection.order_id}-${rejection.document_number}`}>
            <Link to={`/gestione/ordini/${rejection.order_id}`}>{rejection.document_number}</Link>{' '}
            <span className="adm-home-problem">{rejection.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /gestione: what needs doing today (docs/product/back-office.md#home). The orders' cards come from
 * GET /api/admin/home; low stock and reviews to moderate are the catalogue's counts the frame already holds.
 */
export default function HomePage({ counts }: { counts: TabCounts }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const home = useLoad((signal) => api.home.get(signal), 'home');
  const data = home.data;
  const nothingToDo =
    data !== undefined &&
    ORDER_CARDS.every((card) => data[card.key].count === 0) &&
    data.sdi_rejections.length === 0 &&
    !counts.lowStock &&
    !counts.reviewsPending;
  return (
    <section aria-labelledby="adm-tab-title" className="adm-home">
      <h2 id="adm-tab-title">{t('home.title')}</h2>
      {home.error !== null && (
        <p className="adm-error" role="alert">
          {failureText(home.error, t('home.loadError'))}
        </p>
      )}
      {!data && home.error === null && (
        <p className="adm-status" role="status">
          {t('common.loading')}
        </p>
      )}
      {nothingToDo && (
        <p className="adm-home-empty" role="status" data-testid="home-empty">
          <strong>{t('home.nothing')}</strong> {t('home.nothingIntro')}
        </p>
      )}
      {data && (
        <div className="adm-home-grid">
          {data.sdi_rejections.length > 0 && <SdiRejections rejections={data.sdi_rejections} />}
          {ORDER_CARDS.map((card) => (
            <OrderCard key={card.key} id={card.key} orders={data[card.key]} list={card.list} />
          ))}
          <CountCard id="low_stock" count={counts.lowStock} list="/gestione/articoli?scorta=bassa" />
          <CountCard id="reviews" count={counts.reviewsPending} list="/gestione/recensioni" />
        </div>
      )}
    </section>
  );
}
