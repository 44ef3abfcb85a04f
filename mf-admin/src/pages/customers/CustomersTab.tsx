import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { centsToEuros, CUSTOMER_PAGE_SIZE_DEFAULT } from '@edicola/contracts';
import { formatEuro, formatShortDate, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { FilterBar } from '../../ui/filters';
import { LoadStatus } from '../../ui/LoadStatus';
import { Pager } from '../../ui/Pager';
import { useListParams } from '../../ui/useListParams';
import { customerPath, SEARCH_DELAY_MS } from './customerLinks';

/**
 * Clienti (docs/product/back-office.md#customer-list): accounts and guests, searched as one types, paged on the
 * server; the search and the page stay in the address.
 */
export default function CustomersTab() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const { params, update } = useListParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('pagina'))) || 1);
  const list = useLoad(
    (signal) =>
      api.customers.list({ q: q || undefined, page, page_size: CUSTOMER_PAGE_SIZE_DEFAULT }, signal),
    params.toString(),
  );
  const [search, setSearch] = useState(q);
  // The address changed by itself (back, a link): the box shows its search, unless it already does.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (search.trim() !== q) setSearch(q);
  }

  useEffect(() => {
    const text = search.trim();
    if (text === q) return;
    const timer = setTimeout(() => update({ q: text || null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);

  const data = list.data;
  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('customers.heading')}</h2>
      </div>
      <FilterBar
        id="adm-customers-q"
        label={t('customers.search')}
        search={search}
        onSearchChange={setSearch}
        onSearch={(text) => update({ q: text })}
      />
      <LoadStatus loaded={list} errorText={t('customers.loadError')} />
      {data && data.customers.length === 0 && (
        <div className="adm-empty" data-testid="customers-empty">
          <p>{q ? t('customers.emptyFiltered', { q }) : t('customers.empty')}</p>
        </div>
      )}
      {data && data.customers.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('customers.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('customers.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.customer')}</th>
                <th scope="col">{t('customers.email')}</th>
                <th scope="col">{t('customers.city')}</th>
                <th scope="col">{t('customers.orders')}</th>
                <th scope="col">{t('customers.spent')}</th>
                <th scope="col">{t('customers.lastOrder')}</th>
              </tr>
            </thead>
            <tbody>
              {data.customers.map((customer) => (
                <tr key={customer.id ?? `guest:${customer.email}`} data-testid="customer-row">
                  <td>
                    <Link to={customerPath(customer)}>
                      {customer.company ?? customer.name ?? customer.email}
                    </Link>
                    {customer.company && customer.name && (
                      <span className="adm-muted"> · {customer.name}</span>
                    )}{' '}
                    {customer.kind === 'guest' && <span className="adm-badge">{t('customers.guest')}</span>}
                  </td>
                  <td>{customer.email}</td>
                  <td>{customer.city ?? '—'}</td>
                  <td>{customer.order_count}</td>
                  <td>{formatEuro(centsToEuros(customer.spent_cents))}</td>
                  <td>{customer.last_order_at ? formatShortDate(customer.last_order_at) : '—'}</td>
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
          onPage={(n) => update({ pagina: n > 1 ? String(n) : null })}
        />
      )}
    </section>
  );
}
