import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OrderChannel, OrderPaymentFilter, OrderSort, PaymentMethod } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { saveFile, failureText, useLoad } from '@edicola/web-kit';
import { Banner, useBanner } from '../../ui/Banner';
import { FilterBar, SelectFilter } from '../../ui/filters';
import { LoadStatus } from '../../ui/LoadStatus';
import { Pager } from '../../ui/Pager';
import { useListParams } from '../../ui/useListParams';
import { BulkBar } from './BulkBar';
import { filtersOf, listQueryOf, TAB_SLUGS, tabCount, todayInRome } from './orderQuery';
import { OrderRow } from './OrderRow';
import { StockConflicts } from './StockConflicts';
import { TakingsExport } from './TakingsExport';
import { useOrderChanges } from './useOrderChanges';
import './order-list.css';

/**
 * Ordini: the orders by status tab, searched, filtered, sorted and paged on the server, with the actions of
 * docs/product/back-office.md#order-actions and the bulk actions on the chosen ones; the list reads itself again
 * when an order changes (docs/decisions/0061-order-list-work.md).
 */
export default function OrdersTab() {
  const { t } = useTranslation('admin');
  const { api, readOnly } = useAdmin();
  const { params, update } = useListParams();
  const query = listQueryOf(params);
  const key = params.toString();
  // The answer carries the view it was asked for: while another tab or page loads, the rows of the previous one
  // are not shown under the new heading.
  const list = useLoad((signal) => api.orders.list(query, signal).then((answer) => ({ key, answer })), key);
  const banner = useBanner();
  const [search, setSearch] = useState(query.q ?? '');
  // What is chosen belongs to the view (tab, filter, page) it was chosen in: another view starts with nothing.
  const [choice, setChoice] = useState<{ key: string; ids: ReadonlySet<string> }>({ key, ids: new Set() });
  const selected = choice.key === key ? choice.ids : new Set<string>();
  const setSelected = (ids: ReadonlySet<string>) => setChoice({ key, ids });
  const [exporting, setExporting] = useState(false);
  // An order moved from the list (the web order of a conflict cancelled, say): the conflicts are read again too.
  const [moves, setMoves] = useState(0);
  const changed = () => {
    list.reload();
    setMoves((n) => n + 1);
  };
  useOrderChanges((signal) => api.orders.changes(signal), changed);
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

  const toggle = (orderId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(orderId);
    else next.delete(orderId);
    setSelected(next);
  };

  const data = list.data?.key === key ? list.data.answer : undefined;
  const counts = (data ?? list.data?.answer)?.counts;
  const shown = data?.orders ?? [];
  const chosen = shown.filter((order) => selected.has(order.id));
  const allChosen = shown.length > 0 && chosen.length === shown.length;
  const filtered = Boolean(
    query.q || query.payment_method || query.payment || query.channel || query.from || query.to,
  );
  const awaitingTransfers = query.payment_method === 'transfer' && query.payment === 'to_pay';

  return (
    <section className="adm-orders-tab" aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('orders.heading')}</h2>
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

      <FilterBar
        id="adm-orders-q"
        compact
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

      <LoadStatus loaded={{ ...list, data }} errorText={t('orders.loadError')} />
      {data && data.orders.length === 0 && (
        <div className="adm-empty">
          <p>{filtered || query.tab ? t('orders.emptyFiltered') : t('orders.empty')}</p>
        </div>
      )}
      {!readOnly && chosen.length > 0 && (
        <BulkBar
          chosen={chosen}
          onClear={() => setSelected(new Set())}
          onChanged={changed}
          notify={banner.show}
        />
      )}
      {data && data.orders.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('orders.heading')} tabIndex={0}>
          <table className="adm-table adm-orders adm-order-list">
            <caption className="adm-visually-hidden">{t('orders.heading')}</caption>
            <thead>
              <tr>
                {!readOnly && (
                  <th scope="col" className="adm-col-choose">
                    <input
                      type="checkbox"
                      aria-label={t('orders.rows.chooseAll')}
                      checked={allChosen}
                      ref={(box) => {
                        if (box) box.indeterminate = chosen.length > 0 && !allChosen;
                      }}
                      onChange={(e) =>
                        setSelected(e.target.checked ? new Set(shown.map((order) => order.id)) : new Set())
                      }
                    />
                  </th>
                )}
                <th scope="col">{t('orders.id')}</th>
                <th scope="col">{t('orders.customer')}</th>
                <th scope="col">{t('orders.rows.toPack')}</th>
                <th scope="col">{t('orders.state')}</th>
                <th scope="col">{t('orders.total')}</th>
                {!readOnly && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  chosen={selected.has(order.id)}
                  onChoose={(on) => toggle(order.id, on)}
                  onChanged={changed}
                  notify={banner.show}
                  readOnly={readOnly}
                />
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
