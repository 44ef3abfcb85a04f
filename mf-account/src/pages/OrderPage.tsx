import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrderPage as Order } from '@edicola/contracts';
import { ApiError, formatEuro, formatInstantDay, useLoad, usePageTitle } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import { useSession, type CustomerSession } from '../session';
import { AlertDialog } from '../ui/AlertDialog';

interface OrderPageProps {
  api: AccountApi;
  session: CustomerSession;
  orderId: string;
  /** The link's token (`?t=`); absent when the signed-in owner opens the order from their list. */
  link: string | null;
}

/**
 * /ordini/{id}?t=… (docs/product/account.md#order-page): one order as its buyer sees it, reached by the signed link
 * of its e-mails or of the success page, or by its signed-in owner. Without the token a visitor goes to /accedi.
 */
export function OrderPage({ api, session, orderId, link }: OrderPageProps) {
  const state = useSession(session);
  if (link) return <OrderView api={api} orderId={orderId} access={{ link }} />;
  if (state.status === 'anonymous') return <Navigate to="/accedi" replace />;
  if (state.status === 'checking') return <OrderStatusLine textKey="orderPage.loading" />;
  return <OrderView api={api} orderId={orderId} access={{ session: state.token }} owner />;
}

function OrderStatusLine({ textKey, alert = false }: { textKey: string; alert?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <p className={`acct-page ${alert ? 'acct-error' : 'acct-status'}`} role={alert ? 'alert' : 'status'}>
      {t(textKey)}
    </p>
  );
}

function OrderView({
  api,
  orderId,
  access,
  owner = false,
}: {
  api: AccountApi;
  orderId: string;
  access: { link?: string; session?: string };
  owner?: boolean;
}) {
  const { t, i18n } = useTranslation('account');
  const [cancelled, setCancelled] = useState(false);
  const loaded = useLoad(
    (signal) => api.orderPage(orderId, access, signal),
    `${orderId} ${access.link ?? access.session ?? ''}`,
  );
  const order = loaded.data;
  usePageTitle(order ? t('orderPage.title', { reference: order.order_reference }) : t('orderPage.loading'));

  if (loaded.loading && !order) return <OrderStatusLine textKey="orderPage.loading" />;
  if (!order) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return <OrderStatusLine textKey={missing ? 'orderPage.notFound' : 'orderPage.error'} alert />;
  }
  const day = (iso: string) => formatInstantDay(iso, i18n.language);
  const transfer = order.bank_transfer;
  return (
    <article className="acct-page acct-order-page" aria-labelledby="acct-order-title">
      <div className="acct-order-head">
        <h1 id="acct-order-title" data-testid="order-page-reference">
          {t('orderPage.title', { reference: order.order_reference })}
        </h1>
        <span className={`acct-badge acct-badge-${order.status}`} data-testid="order-page-status">
          {t(`status.${order.status}`)}
        </span>
      </div>
      {cancelled && order.status === 'cancelled' && (
        <p className="acct-success" role="status">
          {t('orderPage.cancelled')}
        </p>
      )}
      <dl className="acct-order-facts">
        <div>
          <dt>{t('orderPage.date')}</dt>
          <dd>{day(order.created_at)}</dd>
        </div>
        <div>
          <dt>{t('orderPage.payment')}</dt>
          <dd>{t(`orderPage.methods.${order.payment_method}`)}</dd>
        </div>
        <div>
          <dt>{t('orderPage.paymentState')}</dt>
          <dd data-testid="order-page-payment">{t(`paymentStatus.${order.payment_status}`)}</dd>
        </div>
      </dl>

      <section aria-labelledby="acct-order-lines">
        <h2 id="acct-order-lines">{t('orderPage.lines')}</h2>
        <ul className="acct-order-lines">
          {order.items.map((item) => (
            <li key={item.article_id}>
              <span>
                {item.quantity} × {item.title}{' '}
                <span className="acct-muted">
                  {t('orderPage.unit', { price: formatEuro(item.unit_gross) })}
                </span>
              </span>
              <span>{formatEuro(item.line_total)}</span>
            </li>
          ))}
        </ul>
        <dl className="acct-order-totals">
          <div>
            <dt>{t('orderPage.subtotal')}</dt>
            <dd>{formatEuro(order.subtotal_amount)}</dd>
          </div>
          <div>
            <dt>{t('orderPage.shipping')}</dt>
            <dd>
              {order.shipping_cost === 0 ? t('orderPage.shippingFree') : formatEuro(order.shipping_cost)}
            </dd>
          </div>
          {order.discount_code && order.discount_amount > 0 && (
            <div>
              <dt>{t('orderPage.discount', { code: order.discount_code })}</dt>
              <dd data-testid="order-page-discount">−{formatEuro(order.discount_amount)}</dd>
            </div>
          )}
          <div className="acct-order-total">
            <dt>{t('orderPage.total')}</dt>
            <dd data-testid="order-page-total">{formatEuro(order.total_amount)}</dd>
          </div>
          {order.refunded_amount > 0 && (
            <div>
              <dt>{t('orderPage.refunded')}</dt>
              <dd>{formatEuro(order.refunded_amount)}</dd>
            </div>
          )}
        </dl>
      </section>

      {order.deposit && <DepositSection api={api} order={order} onChange={() => loaded.reload()} />}

      {transfer && (
        <section aria-labelledby="acct-order-transfer" data-testid="order-page-transfer">
          <h2 id="acct-order-transfer">{t('orderPage.transferTitle')}</h2>
          {order.payment_due_at && <p>{t('orderPage.transferText', { date: day(order.payment_due_at) })}</p>}
          {transfer.demo && <p className="acct-error">{t('orderPage.demo')}</p>}
          <dl className="acct-order-facts">
            <div>
              <dt>{t('orderPage.iban')}</dt>
              <dd>
                <code>{transfer.iban}</code>
              </dd>
            </div>
            <div>
              <dt>{t('orderPage.holder')}</dt>
              <dd>{transfer.holder}</dd>
            </div>
            {transfer.bank_name && (
              <div>
                <dt>{t('orderPage.bank')}</dt>
                <dd>{transfer.bank_name}</dd>
              </div>
            )}
            <div>
              <dt>{t('orderPage.reason')}</dt>
              <dd>
                <code>{transfer.payment_reason}</code>
              </dd>
            </div>
            <div>
              <dt>{t('orderPage.amount')}</dt>
              <dd>{formatEuro(transfer.amount)}</dd>
            </div>
          </dl>
        </section>
      )}

      <section aria-labelledby="acct-order-address">
        <h2 id="acct-order-address">{t('orderPage.address')}</h2>
        <p>
          {order.shipping_address.name}
          <br />
          {order.shipping_address.address}
          <br />
          {[order.shipping_address.zip_code, order.shipping_address.city].filter(Boolean).join(' ')} (
          {order.shipping_address.country})
        </p>
      </section>

      {order.tracking && (
        <section aria-labelledby="acct-order-tracking" data-testid="order-page-tracking">
          <h2 id="acct-order-tracking">{t('orderPage.tracking')}</h2>
          <dl className="acct-order-facts">
            {order.tracking.carrier && (
              <div>
                <dt>{t('orderPage.carrier')}</dt>
                <dd>{order.tracking.carrier}</dd>
              </div>
            )}
            <div>
              <dt>{t('orderPage.trackingNumber')}</dt>
              <dd>{order.tracking.number}</dd>
            </div>
          </dl>
          {order.tracking.url && (
            // The carrier's page gets no referrer: the address holds the order's token.
            <a className="acct-link" href={order.tracking.url} target="_blank" rel="noopener noreferrer">
              {t('orderPage.track')}
            </a>
          )}
        </section>
      )}

      {(order.invoice_number || order.credit_notes.length > 0) && (
        <section aria-labelledby="acct-order-documents">
          <h2 id="acct-order-documents">{t('orderPage.documents')}</h2>
          <ul className="acct-order-documents">
            {order.invoice_number && (
              <li>
                <a className="acct-link" href={api.documentUrl(order.id, order.token)} download>
                  {t('orderPage.invoice', { number: order.invoice_number })}
                </a>
              </li>
            )}
            {order.credit_notes.map((note) => (
              <li key={note.number}>
                <a className="acct-link" href={api.documentUrl(order.id, order.token, note.number)} download>
                  {t('orderPage.creditNote', { number: note.number })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {order.cancellable && (
        <CancelOrder
          api={api}
          order={order}
          onCancelled={() => {
            // The page shows the order as the server now has it.
            setCancelled(true);
            loaded.reload();
          }}
        />
      )}
      {owner && (
        <Link className="acct-link" to="/profilo">
          {t('orderPage.backToProfile')}
        </Link>
      )}
    </article>
  );
}

/**
 * A pre-order's deposit and balance (docs/product/orders-and-payments.md#deposits): what was paid and what is due;
 * the balance paid by card or PayPal once a unit is the buyer's, or, after a short delivery, the choice to wait or
 * take the deposit back. The server decides every amount and whether each step is still open.
 */
function DepositSection({ api, order, onChange }: { api: AccountApi; order: Order; onChange: () => void }) {
  const { t, i18n } = useTranslation('account');
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const deposit = order.deposit!;
  const day = (iso: string) => formatInstantDay(iso, i18n.language);
  const run = async (step: () => Promise<void>) => {
    setState({ busy: true, error: null });
    try {
      await step();
      setState({ busy: false, error: null });
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.detail : '';
      setState({ busy: false, error: detail || t('orderPage.depositError') });
    }
  };
  const pay = (method: 'card' | 'paypal') =>
    run(async () => {
      const answer = await api.payBalance(order.id, order.token, method);
      window.location.assign(answer.url);
    });
  const choose = (choice: 'wait' | 'refund') =>
    run(async () => {
      await api.choosePresale(order.id, order.token, choice);
      onChange();
    });
  return (
    <section aria-labelledby="acct-order-deposit" data-testid="order-page-deposit">
      <h2 id="acct-order-deposit">{t('orderPage.depositTitle')}</h2>
      <p data-testid="order-page-deposit-state">{t(`orderPage.depositStates.${deposit.state}`)}</p>
      <dl className="acct-order-facts">
        <div>
          <dt>{t('orderPage.depositPaid')}</dt>
          <dd data-testid="order-page-deposit-amount">
            {formatEuro(deposit.deposit_amount)}
            {deposit.deposit_paid_at ? ` (${day(deposit.deposit_paid_at)})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('orderPage.balanceDue')}</dt>
          <dd data-testid="order-page-balance-amount">{formatEuro(deposit.balance_amount)}</dd>
        </div>
        {deposit.state === 'balance_due' && deposit.balance_due_at && (
          <div>
            <dt>{t('orderPage.balanceBy')}</dt>
            <dd>{day(deposit.balance_due_at)}</dd>
          </div>
        )}
      </dl>
      {deposit.state === 'balance_due' && (
        <div className="acct-order-actions">
          <button
            type="button"
            className="acct-button"
            disabled={state.busy}
            onClick={() => void pay('card')}
          >
            {t('orderPage.payBalanceCard')}
          </button>
          <button
            type="button"
            className="acct-button"
            disabled={state.busy}
            onClick={() => void pay('paypal')}
          >
            {t('orderPage.payBalancePaypal')}
          </button>
        </div>
      )}
      {deposit.state === 'waiting' && deposit.short_notified_at && (
        <div className="acct-order-actions">
          <p>{t('orderPage.shortDelivery')}</p>
          <button
            type="button"
            className="acct-button"
            disabled={state.busy}
            onClick={() => void choose('wait')}
          >
            {t('orderPage.chooseWait')}
          </button>
          <button
            type="button"
            className="acct-button acct-button-light"
            disabled={state.busy}
            onClick={() => void choose('refund')}
          >
            {t('orderPage.chooseRefund')}
          </button>
        </div>
      )}
      {state.error && (
        <p className="acct-error" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}

/** 'Annulla ordine', confirmed in a dialog; the server decides whether the order may still be cancelled. */
function CancelOrder({
  api,
  order,
  onCancelled,
}: {
  api: AccountApi;
  order: Order;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const cancel = async () => {
    setState({ busy: true, error: null });
    try {
      await api.cancelOrder(order.id, order.token);
      setAsking(false);
      onCancelled();
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.detail : '';
      setState({ busy: false, error: detail || t('orderPage.cancelError') });
    }
  };
  return (
    <div className="acct-order-cancel">
      <button type="button" className="acct-button acct-button-light" onClick={() => setAsking(true)}>
        {t('orderPage.cancel')}
      </button>
      {state.error && !asking && (
        <p className="acct-error" role="alert">
          {state.error}
        </p>
      )}
      {asking && (
        <ConfirmCancel
          busy={state.busy}
          error={state.error}
          onConfirm={() => void cancel()}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}

function ConfirmCancel({
  busy,
  error,
  onConfirm,
  onClose,
}: {
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <AlertDialog id="acct-cancel" initialFocus="button" onClose={onClose}>
      <h2 id="acct-cancel-title">{t('orderPage.confirmTitle')}</h2>
      <p id="acct-cancel-text">{t('orderPage.confirmText')}</p>
      {error && (
        <p className="acct-error" role="alert">
          {error}
        </p>
      )}
      <div className="acct-dialog-actions">
        <button type="button" className="acct-button acct-button-light" onClick={onClose}>
          {t('orderPage.confirmNo')}
        </button>
        <button type="button" className="acct-button" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? t('orderPage.cancelling') : t('orderPage.confirmYes')}
        </button>
      </div>
    </AlertDialog>
  );
}
