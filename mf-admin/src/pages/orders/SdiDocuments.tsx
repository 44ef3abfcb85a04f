import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, SdiDocument, SdiState } from '@edicola/contracts';
import { failureText, formatDateTime, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { BuyerDataDialog } from './BuyerDataDialog';

/**
 * States the SdI has not answered yet: the card looks again every few seconds meanwhile. A document to send is one
 * of them: with automatic sending (the default) it leaves within seconds of being issued.
 */
const WAITING: readonly SdiState[] = ['to_send', 'queued', 'sending', 'sent'];

const BADGE: Partial<Record<SdiState, string>> = {
  delivered: 'adm-badge adm-badge-ok',
  accepted: 'adm-badge adm-badge-ok',
  not_delivered: 'adm-badge adm-badge-warn',
  rejected: 'adm-badge adm-badge-danger',
  refused: 'adm-badge adm-badge-danger',
};

/**
 * The order's invoices and credit notes on their way to the SdI (docs/product/orders-and-payments.md#sdi): a badge
 * per document with its state, a rejection's reason, its history, and sending (again, once corrected).
 */
export function SdiDocuments({
  order,
  readOnly,
  onOrderChanged,
}: {
  order: Order;
  readOnly: boolean;
  /** The buyer's data corrected after a rejection: the order page shows them. */
  onOrderChanged: () => void;
}) {
  const orderId = order.id;
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const docs = useLoad((signal) => api.orders.sdi(orderId, signal), orderId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [corrected, setCorrected] = useState(false);
  const waiting = docs.data?.some((d) => WAITING.includes(d.state)) ?? false;
  const { reload } = docs;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(reload, 3000);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  if (docs.error !== null) {
    return (
      <p className="adm-error" role="alert">
        {t('orders.sdi.loadError')}
      </p>
    );
  }
  if (!docs.data || docs.data.length === 0) return null;

  const send = async (doc: SdiDocument) => {
    setBusy(true);
    setError(null);
    try {
      await api.orders.sendToSdi([doc.id]);
      setCorrected(false);
      reload();
    } catch (e) {
      setError(failureText(e, t('orders.sdi.sendError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="adm-sdi-title" data-testid="sdi-documents">
      <h4 id="adm-sdi-title">{t('orders.sdi.title')}</h4>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <ul>
        {docs.data.map((doc) => (
          <li key={doc.id} data-testid="sdi-document">
            {t(doc.kind === 'invoice' ? 'orders.sdi.invoice' : 'orders.sdi.creditNote', {
              number: doc.number,
            })}{' '}
            <span className={BADGE[doc.state] ?? 'adm-badge'} data-testid="sdi-state">
              {t(`orders.sdi.states.${doc.state}`)}
            </span>
            {doc.state === 'rejected' && doc.reason && (
              <p className="adm-error" data-testid="sdi-reason">
                {t('orders.sdi.reason', { reason: doc.reason })}
              </p>
            )}
            {!readOnly && doc.state === 'rejected' && doc.kind === 'invoice' && (
              <>
                {corrected && (
                  <p className="adm-status" role="status">
                    {t('orders.sdi.corrected')}
                  </p>
                )}
                <button
                  type="button"
                  className="adm-button adm-button-small adm-button-light"
                  onClick={() => setCorrecting(true)}
                >
                  {t('orders.invoice.buyer.correct')}
                </button>{' '}
              </>
            )}
            {doc.state === 'not_delivered' && <p className="adm-muted">{t('orders.sdi.notDeliveredHint')}</p>}
            {doc.last_error && WAITING.includes(doc.state) && (
              <p className="adm-muted">{t('orders.sdi.retrying', { error: doc.last_error })}</p>
            )}
            {!readOnly && (doc.state === 'to_send' || doc.state === 'rejected') && (
              <button
                type="button"
                className="adm-button adm-button-small"
                disabled={busy}
                onClick={() => void send(doc)}
              >
                {t(doc.state === 'rejected' ? 'orders.sdi.resend' : 'orders.sdi.send')}
              </button>
            )}
            <details>
              <summary>{t('orders.sdi.history')}</summary>
              <ol className="adm-timeline">
                {doc.history.map((step, index) => (
                  <li key={`${step.at}-${index}`}>
                    <time dateTime={step.at}>{formatDateTime(step.at)}</time>{' '}
                    {t(`orders.sdi.states.${step.state}`)}
                    {step.receipt && ` (${[step.receipt, step.code].filter(Boolean).join(' ')})`}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
      {correcting && (
        <BuyerDataDialog
          order={order}
          onCancel={() => setCorrecting(false)}
          onSaved={() => {
            setCorrecting(false);
            setCorrected(true);
            onOrderChanged();
          }}
        />
      )}
    </section>
  );
}
