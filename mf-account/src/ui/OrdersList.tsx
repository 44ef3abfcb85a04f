import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { orderPagePath, orderReference } from '@edicola/contracts';
import type { AccountApi } from '../api';
import { formatEuro, formatInstantDay, useLoad } from '@edicola/web-kit';
import type { CustomerSession } from '../session';

/** 'Scarica fattura 12/2026': the PDF of an order's issued invoice, fetched with the customer's token. */
function InvoiceDownload({
  api,
  token,
  orderId,
  number,
}: {
  api: AccountApi;
  token: string;
  orderId: string;
  number: string;
}) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const pdf = await api.invoicePdf(token, orderId);
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = `fattura-${number.replace('/', '-')}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="acct-order-invoice">
      <button
        type="button"
        className="acct-link"
        onClick={() => void download()}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
        data-testid="invoice-download"
      >
        {t('orders.invoice', { number })}
      </button>
      {state === 'failed' && (
        <p className="acct-error" role="alert">
          {t('orders.invoiceError')}
        </p>
      )}
    </div>
  );
}

interface OrdersListProps {
  api: AccountApi;
  session: CustomerSession;
  token: string;
  /** The heading level of the list's title: h2 inside the profile, h1 on /ordini/storico. */
  level: 1 | 2;
}

/** 'I Miei Ordini': the customer's orders as the server lists them, or an empty state linking the catalogue. */
export function OrdersList({ api, session, token, level }: OrdersListProps) {
  const { t, i18n } = useTranslation('account');
  const orders = useLoad(async (signal) => {
    try {
      return await api.orders(token);
    } catch (error) {
      if (!signal.aborted) session.refused(error);
      throw error;
    }
  }, token);

  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="acct-orders" aria-labelledby="acct-orders-title">
      <Heading id="acct-orders-title">{t('orders.title')}</Heading>
      {orders.loading && (
        <p className="acct-status" role="status">
          {t('orders.loading')}
        </p>
      )}
      {!orders.loading && orders.error !== null && (
        <p className="acct-error" role="alert">
          {t('orders.error')}
        </p>
      )}
      {!orders.loading && orders.data?.length === 0 && (
        <div className="acct-empty">
          <p>{t('orders.empty')}</p>
          <Link className="acct-button" to="/prodotti">
            {t('orders.shop')}
          </Link>
        </div>
      )}
      {!orders.loading && orders.data && orders.data.length > 0 && (
        <ul className="acct-order-list">
          {orders.data.map((order) => {
            const date = order.created_at ?? order.order_date;
            const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
            const tracking = order.tracking_number ?? order.packlink_data?.tracking_number;
            const carrier = order.packlink_data?.carrier_name;
            return (
              <li key={order.id} className="acct-order" data-testid="customer-order">
                <div className="acct-order-head">
                  <Link className="acct-order-id" to={orderPagePath(order.id)}>
                    {t('orders.number', { id: orderReference(order.id) })}
                  </Link>
                  <span className={`acct-badge acct-badge-${order.status}`}>
                    {t(`status.${order.status}`)}
                  </span>
                </div>
                <dl className="acct-order-facts">
                  {date && (
                    <div>
                      <dt>{t('orders.date')}</dt>
                      <dd>{formatInstantDay(date, i18n.language)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('orders.items')}</dt>
                    <dd>{count}</dd>
                  </div>
                  {order.discount_code && (order.discount_amount ?? 0) > 0 && (
                    <div>
                      <dt>{t('orderPage.discount', { code: order.discount_code })}</dt>
                      <dd data-testid="order-discount">−{formatEuro(order.discount_amount ?? 0)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('orders.total')}</dt>
                    <dd>{formatEuro(order.total_amount)}</dd>
                  </div>
                  {order.payment_status && (
                    <div>
                      <dt>{t('orders.payment')}</dt>
                      <dd>{t(`paymentStatus.${order.payment_status}`)}</dd>
                    </div>
                  )}
                  {tracking && (
                    <div>
                      <dt>{t('orders.tracking')}</dt>
                      <dd>{carrier ? `${tracking} (${carrier})` : tracking}</dd>
                    </div>
                  )}
                </dl>
                {order.invoice_number && (
                  <InvoiceDownload api={api} token={token} orderId={order.id} number={order.invoice_number} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
