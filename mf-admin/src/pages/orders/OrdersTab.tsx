import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  OrderChannel,
  OrderPaymentFilter,
  OrderSort,
  PaymentMethod,
  type Order,
  orderReference,
} from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { saveFile, failureText, formatShortDate, formatEuro, useLoad } from '@edicola/web-kit';
import { Banner, useBanner } from '../../ui/Banner';
import { FilterBar, SelectFilter } from '../../ui/filters';
import { LoadStatus } from '../../ui/LoadStatus';
import { Pager } from '../../ui/Pager';
import { useListParams } from '../../ui/useListParams';
import { OrderActions } from './OrderActions';
import { filtersOf, listQueryOf, TAB_SLUGS, tabCount, todayInRome } from './orderQuery';
import { ChannelBadge, PaymentCell } from './PaymentCell';
import { StockConflicts } from './StockConflicts';
import { TakingsExport } from './TakingsExport';

/**
 * Ordini: the orders by status tab, searched, filtered, sorted and paged on the server, with the actions of
 * docs/product/back-office.md#order-actions.
 */
export default function OrdersTab() {
  const { t } = useTranslation('admin');
  const { api, readOnly } = useAdmin();
  const { params, update } = useListParams();
  const query = listQueryOf(params);
  const list = useLoad((signal) => api.orders.list(query, signal), params.toString());
  const banner = useBanner();
  const [search, setSearch] = useState(query.q ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  // An order moved from the list (the web order of a conflict cancelled, say): the conflicts are read again too.
  const [moves, setMoves] = useState(0);
  const changed = () => {
    list.reload();
    setMoves((n) => n + 1);
  };
  const slug = TAB_SLUGS.find((s) => s.tab === (query.tab ?? 'all'))!.slug;

  const tabLink = (tabSlug: string) => {
    const next = new URLSearchParams(params);
    next.delete('pagina');
    if (tabSlug === 'tutti') next.delete('stato');
    else next.set('stato', tabSlug);
    const text = next.toString();
    return text ? `?${text}` : '?';
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await api.orders.exportCsv(filtersOf(params)), `ordini-${todayInRome()}.csv`);
      banner.show('success', t('orders.export.done'));
    } catch (failure) {
      banner.show('error', failureText(failure, t('orders.export.error')));
    } finally {
      setExporting(false);
    }
  };

  const mergedLabels = async () => {
    try {
      saveFile(await api.orders.mergedLabels([...selected]), `etichette-${todayInRome()}.pdf`);
    } catch (failure) {
      banner.show('error', failureText(failure, t('orders.labelError')));
    }
  };

  const toggle = (order: Order, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(order.id);
      else next.delete(order.id);
      return next;
    });

  const data = list.data;
  const counts = data?.counts;
  const filtered = Boolean(
    query.q || query.payment_method || query.payment || query.channel || query.from || query.to,
  );
  const awaitingTransfers = query.payment_method === 'transfer' && query.payment === 'to_pay';

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('orders.heading')}</h2>
        {!readOnly && (
          <div className="adm-row-actions">
            <button
              type="button"
              className="adm-button"
              onClick={() => void exportCsv()}
              disabled={exporting}
            >
              {t('orders.export.csv')}
            </button>
          </div>
        )}
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      {!readOnly && <StockConflicts refresh={moves} onResolved={list.reload} notify={banner.show} />}

      <nav className="adm-subtabs" aria-label={t('orders.filters')}>
        {TAB_SLUGS.map((s) => (
          <NavLink
            key={s.slug}
            to={tabLink(s.slug)}
            className={() => (s.slug === slug ? 'adm-subtab active' : 'adm-subtab')}
            aria-current={s.slug === slug ? 'page' : undefined}
          >
            {t(`orders.status.${s.slug}`)}{' '}
            {counts && <span className="adm-count">{tabCount(counts, s.tab)}</span>}
          </NavLink>
        ))}
      </nav>

      <FilterBar
        id="adm-orders-q"
        label={t('orders.search')}
        search={search}
        onSearchChange={setSearch}
        onSearch={(q) => update({ q })}
      >
        <SelectFilter
          id="adm-orders-method"
          label={t('orders.paymentMethod')}
          value={query.payment_method}
          options={PaymentMethod.options.map((method) => [method, t(`orders.methods.${method}`)] as const)}
          onChange={(metodo) => update({ metodo })}
        />
        <SelectFilter
          id="adm-orders-channel"
          label={t('orders.channel')}
          value={query.channel}
          options={OrderChannel.options.map((channel) => [channel, t(`orders.channels.${channel}`)] as const)}
          onChange={(canale) => update({ canale })}
        />
        <SelectFilter
          id="adm-orders-payment"
          label={t('orders.paymentState')}
          value={query.payment}
          options={OrderPaymentFilter.options.map(
            (state) => [state, t(`orders.paymentFilters.${state}`)] as const,
          )}
          onChange={(pagamento) => update({ pagamento })}
        />
        <span className="adm-field">
          <label htmlFor="adm-orders-from">{t('orders.from')}</label>
          <input
            id="adm-orders-from"
            type="date"
            value={query.from ?? ''}
            onChange={(e) => update({ dal: e.target.value || null })}
          />
        </span>
        <span className="adm-field">
          <label htmlFor="adm-orders-to">{t('orders.to')}</label>
          <input
            id="adm-orders-to"
            type="date"
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => update({ al: e.target.value || null })}
          />
        </span>
        <SelectFilter
          id="adm-orders-sort"
          label={t('articles.sort')}
          value={query.sort}
          allLabel={null}
          options={OrderSort.options.map((sort) => [sort, t(`orders.sorts.${sort}`)] as const)}
          onChange={(ordina) => update({ ordina })}
        />
        <button
          type="button"
          className="adm-button adm-button-light"
          aria-pressed={awaitingTransfers}
          onClick={() =>
            update(
              awaitingTransfers
                ? { metodo: null, pagamento: null, ordina: null }
                : { metodo: 'transfer', pagamento: 'to_pay', ordina: 'oldest' },
            )
          }
        >
          {t('orders.awaitedTransfers')}
        </button>
        {filtered && (
          <button
            type="button"
            className="adm-button adm-button-light"
            onClick={() => {
              setSearch('');
              update({ q: null, metodo: null, pagamento: null, canale: null, dal: null, al: null });
            }}
          >
            {t('common.clearFilters')}
          </button>
        )}
      </FilterBar>

      <LoadStatus loaded={list} errorText={t('orders.loadError')} />
      {data && data.orders.length === 0 && (
        <div className="adm-empty">
          <p>{filtered || query.tab ? t('orders.emptyFiltered') : t('orders.empty')}</p>
        </div>
      )}
      {selected.size > 0 && (
        <p className="adm-row-actions">
          <button type="button" className="adm-button adm-button-light" onClick={() => void mergedLabels()}>
            {t('orders.mergedLabels', { n: selected.size })}
          </button>
          <button
            type="button"
            className="adm-button adm-button-light"
            onClick={() => setSelected(new Set())}
          >
            {t('orders.clearSelection')}
          </button>
        </p>
      )}
      {data && data.orders.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('orders.heading')} tabIndex={0}>
          <table className="adm-table adm-orders">
            <caption className="adm-visually-hidden">{t('orders.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="adm-visually-hidden">{t('orders.select')}</span>
                </th>
                <th scope="col">{t('orders.id')}</th>
                <th scope="col">{t('orders.date')}</th>
                <th scope="col">{t('orders.customer')}</th>
                <th scope="col">{t('orders.total')}</th>
                <th scope="col">{t('orders.payment')}</th>
                <th scope="col">{t('orders.state')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td>
                    {order.packlink_shipment_id && !readOnly && (
                      <input
                        type="checkbox"
                        aria-label={t('orders.selectForLabels', { id: orderReference(order.id) })}
                        checked={selected.has(order.id)}
                        onChange={(e) => toggle(order, e.target.checked)}
                      />
                    )}
                  </td>
                  <td>
                    <Link
                      to={`/gestione/ordini/${order.id}`}
                      aria-label={t('orders.open', { id: orderReference(order.id) })}
                    >
                      {orderReference(order.id)}
                    </Link>
                    <ChannelBadge order={order} />
                  </td>
                  <td>{formatShortDate(order.order_date)}</td>
                  <td>
                    {order.customer_info.name}
                    <br />
                    <span className="adm-muted">{order.customer_info.email}</span>
                  </td>
                  <td>{formatEuro(order.total_amount)}</td>
                  <td>
                    <PaymentCell order={order} />
                  </td>
                  <td>{t(`orders.statuses.${order.status}`)}</td>
                  <td>
                    {!readOnly && <OrderActions order={order} onChanged={changed} notify={banner.show} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={(page) => update({ pagina: page > 1 ? String(page) : null })}
        />
      )}
      {!readOnly && <TakingsExport notify={banner.show} />}
    </section>
  );
}
