import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fiscalNumberKey, type EmailLogEntry, type TimelineEntry, orderReference } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import type { OrderPageData } from '../../api/orders';
import { Banner, useBanner } from '../../ui/Banner';
import { failureText, formatShortDate, formatDateTime, formatEuro, useLoad } from '@edicola/web-kit';
import { FileButton } from './FileButton';
import { OrderActions } from './OrderActions';
import { shownShipmentState, trackingOf, trackingUrl } from './orderView';
import { RefundOutcome } from './PaymentCell';
import { RefundDialog } from './RefundDialog';
import { timelineText, timelineWhen, type TimelineLine } from './timelineText';
import { SdiDocuments } from './SdiDocuments';
import { ContactDialog, contactEditable } from './ContactDialog';

/** The order's timeline with svc-notify's e-mails about it woven in, oldest first. */
export function mergeTimeline(entries: TimelineEntry[], emails: EmailLogEntry[]): TimelineLine[] {
  const mails = emails.map((mail): TimelineLine => ({
    at: mail.sent_at ?? mail.created_at,
    kind: 'email',
    summary: `${mail.subject} → ${mail.recipient} (${mail.status})`,
    by: null,
    data: { subject: mail.subject, recipient: mail.recipient, status: mail.status },
  }));
  // The orders service may already list some e-mails: keep one line per subject and minute.
  const seen = new Set(entries.filter((e) => e.kind === 'email').map((e) => e.summary));
  return [...entries, ...mails.filter((m) => !seen.has(m.summary))].sort((a, b) => a.at.localeCompare(b.at));
}

/** /gestione/ordini/{id}: everything about one order and everything that happened to it. */
export default function OrderPage() {
  const { t } = useTranslation('admin');
  const { api, readOnly } = useAdmin();
  const { id = '' } = useParams();
  const order = useLoad((signal) => api.orders.get(id, signal), id);
  const timeline = useLoad(async (signal) => {
    const [entries, emails] = await Promise.all([
      api.orders.timeline(id, signal),
      // Without the notifications service the timeline still shows: its e-mails are left out.
      api.orders.emails(id, signal).catch(() => [] as EmailLogEntry[]),
    ]);
    return mergeTimeline(entries.entries, emails);
  }, id);
  const banner = useBanner();
  const [refunding, setRefunding] = useState(false);
  const [editingContact, setEditingContact] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // After an action the button pressed is often gone (Conferma gives way to Spedisci): once the order is loaded
  // again, the focus goes to the next thing to do, or to the order's status when nothing is left.
  const focusNext = useRef(false);

  const changed = () => {
    focusNext.current = true;
    order.reload();
    timeline.reload();
  };

  const o = order.data;
  useEffect(() => {
    if (!focusNext.current || order.loading) return;
    focusNext.current = false;
    const next = actions.current?.querySelector<HTMLElement>(
      'button:not(:disabled):not(.adm-button-danger), a[href]',
    );
    (next ?? status.current)?.focus();
  }, [o, order.loading]);
  return (
    <section aria-labelledby="adm-tab-title" className="adm-order">
      <p>
        <Link to="/gestione/ordini">← {t('orders.backToList')}</Link>
      </p>
      <h2 id="adm-tab-title">{t('orders.page.title', { id: orderReference(id) })}</h2>
      <Banner message={banner.message} onClose={banner.clear} />
      {order.error !== null && (
        <p className="adm-error" role="alert">
          {failureText(order.error, t('orders.page.loadError'))}
        </p>
      )}
      {!o && order.error === null && (
        <p className="adm-status" role="status">
          {t('common.loading')}
        </p>
      )}
      {o && (
        <>
          <p className="adm-order-status" ref={status} tabIndex={-1}>
            {o.order_reference} · {formatDateTime(o.order_date)} ·{' '}
            <strong data-testid="order-status">{t(`orders.statuses.${o.status}`)}</strong>
          </p>
          {o.channel !== 'web' && (
            <p data-testid="order-channel">
              <span className="adm-badge adm-badge-ebay">{t(`orders.channels.${o.channel}`)}</span>{' '}
              {t('orders.page.externalId', { id: o.external_id ?? '—' })}
            </p>
          )}
          {o.stock_conflict && (
            <p className="adm-error" role="note">
              {t('orders.page.stockConflict')}
            </p>
          )}
          {!readOnly && (
            <div ref={actions}>
              <OrderActions order={o} onChanged={changed} notify={banner.show} />
            </div>
          )}

          <div className="adm-order-layout">
            <div className="adm-card adm-order-lines">
              <h3>{t('orders.page.lines')}</h3>
              <div className="adm-table-wrap" role="region" aria-label={t('orders.page.lines')} tabIndex={0}>
                <table className="adm-table adm-lines" data-testid="order-lines">
                  <thead>
                    <tr>
                      <th scope="col">{t('orders.page.article')}</th>
                      <th scope="col" className="adm-num">
                        {t('orders.page.quantity')}
                      </th>
                      <th scope="col" className="adm-num">
                        {t('orders.page.unitNet')}
                      </th>
                      <th scope="col" className="adm-num">
                        {t('orders.page.vat')}
                      </th>
                      <th scope="col" className="adm-num">
                        {t('orders.page.unitGross')}
                      </th>
                      <th scope="col" className="adm-num">
                        {t('orders.total')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {o.items.map((item) => (
                      <tr key={item.article_id}>
                        <td data-label={t('orders.page.article')}>
                          <span>
                            {item.title} <span className="adm-muted">({item.sku})</span>
                          </span>
                        </td>
                        <td className="adm-num" data-label={t('orders.page.quantity')}>
                          {item.quantity}
                        </td>
                        <td className="adm-num" data-label={t('orders.page.unitNet')}>
                          {formatEuro(item.price)}
                        </td>
                        <td className="adm-num" data-label={t('orders.page.vat')}>
                          {item.iva_percentage}%
                        </td>
                        <td className="adm-num" data-label={t('orders.page.unitGross')}>
                          {formatEuro(item.unit_gross)}
                        </td>
                        <td className="adm-num" data-label={t('orders.total')}>
                          {formatEuro(item.line_total)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <dl className="adm-totals">
                <dt>{t('orders.page.subtotal')}</dt>
                <dd>{formatEuro(o.subtotal_amount)}</dd>
                <dt>{t('orders.page.shipping')}</dt>
                <dd>{formatEuro(o.shipping_cost)}</dd>
                {o.discount_code && o.discount_amount > 0 && (
                  <>
                    <dt>{t('orders.page.discount', { code: o.discount_code })}</dt>
                    <dd data-testid="order-discount">−{formatEuro(o.discount_amount)}</dd>
                  </>
                )}
                <dt>{t('orders.total')}</dt>
                <dd data-testid="order-total">{formatEuro(o.total_amount)}</dd>
              </dl>
            </div>
            <div className="adm-order-side">
              <Customer
                order={o}
                onEdit={!readOnly && contactEditable(o) ? () => setEditingContact(true) : undefined}
              />
              <Payment order={o} onRefund={readOnly ? undefined : () => setRefunding(true)} />
              <div className="adm-card">
                <h3>{t('orders.page.invoice')}</h3>
                <InvoiceInfo order={o} />
                {o.invoice_data?.invoice_issued && !readOnly && (
                  <p className="adm-row-actions">
                    {(['pdf', 'xml'] as const).map((format) => (
                      <FileButton
                        key={format}
                        load={() => api.orders.invoiceFile(o.id, format)}
                        fallbackName={`fattura-${fiscalNumberKey(o.invoice_data?.invoice_number ?? orderReference(o.id))}.${format}`}
                        errorText={t('orders.invoice.downloadError')}
                      >
                        {t(`orders.invoice.${format}`)}
                      </FileButton>
                    ))}
                  </p>
                )}
                {o.credit_notes.length > 0 && (
                  <>
                    <h4>{t('orders.invoice.creditNotes')}</h4>
                    <ul>
                      {o.credit_notes.map((note) => (
                        <li key={note.number}>
                          {note.number} · {formatShortDate(note.date)} · {formatEuro(note.amount)} ·{' '}
                          {note.reason}{' '}
                          {!readOnly &&
                            (['pdf', 'xml'] as const).map((format) => (
                              <FileButton
                                key={format}
                                load={() => api.orders.creditNoteFile(o.id, note.number, format)}
                                fallbackName={`nota-di-credito-${fiscalNumberKey(note.number)}.${format}`}
                                errorText={t('orders.invoice.creditNoteDownloadError')}
                                label={t(
                                  format === 'pdf'
                                    ? 'orders.invoice.creditNotePdf'
                                    : 'orders.invoice.creditNoteXml',
                                  { number: note.number },
                                )}
                              >
                                {format.toUpperCase()}
                              </FileButton>
                            ))}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {o.invoice_data?.invoice_issued && (
                  <SdiDocuments order={o} readOnly={readOnly} onOrderChanged={order.reload} />
                )}
              </div>
              <Shipment order={o} />
            </div>
            <div className="adm-card adm-order-timeline">
              <h3>{t('orders.page.timeline')}</h3>
              {timeline.error !== null && (
                <p className="adm-error" role="alert">
                  {t('orders.page.timelineError')}
                </p>
              )}
              <ol className="adm-timeline" data-testid="timeline">
                {timeline.data?.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className={`adm-timeline-${entry.kind}`}>
                    <time dateTime={entry.at}>{timelineWhen(entry)}</time>{' '}
                    <span className="adm-badge">
                      {t(`orders.timelineKinds.${entry.kind}`, { defaultValue: entry.kind })}
                    </span>{' '}
                    {timelineText(t, entry)}
                    {entry.by && <span className="adm-muted"> — {entry.by}</span>}
                  </li>
                ))}
              </ol>
              {!readOnly && <NoteForm orderId={o.id} onAdded={timeline.reload} />}
            </div>
          </div>

          {editingContact && (
            <ContactDialog
              order={o}
              onCancel={() => setEditingContact(false)}
              onSaved={() => {
                setEditingContact(false);
                banner.show('success', t('orders.contact.saved'));
                changed();
              }}
            />
          )}
          {refunding && (
            <RefundDialog
              order={o}
              onCancel={() => setRefunding(false)}
              onDone={() => {
                setRefunding(false);
                banner.show('success', t('orders.partialRefund.sent'));
                changed();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function Customer({ order, onEdit }: { order: OrderPageData; onEdit?: () => void }) {
  const { t } = useTranslation('admin');
  const c = order.customer_info;
  return (
    <div className="adm-card">
      <h3>{t('orders.customer')}</h3>
      {onEdit && (
        <button type="button" className="adm-button adm-button-small adm-button-light" onClick={onEdit}>
          {t('orders.contact.edit')}
        </button>
      )}
      <p>
        <strong>{c.name}</strong>
        <br />
        <a href={`mailto:${c.email}`}>{c.email}</a> · {c.phone}
        <br />
        {c.address}, {c.zipCode ? `${c.zipCode} ` : ''}
        {c.city} ({c.country})
      </p>
      {c.notes && <p className="adm-muted">{c.notes}</p>}
    </div>
  );
}

function Payment({ order, onRefund }: { order: OrderPageData; onRefund?: () => void }) {
  const { t } = useTranslation('admin');
  const canRefund =
    order.channel !== 'ebay' &&
    (order.payment_status === 'paid' || order.payment_status === 'partially_refunded') &&
    order.refunded_amount < order.total_amount;
  return (
    <div className="adm-card">
      <h3>{t('orders.payment')}</h3>
      <dl className="adm-facts">
        <dt>{t('orders.paymentMethod')}</dt>
        <dd>{t(`orders.methods.${order.payment_method}`)}</dd>
        <dt>{t('orders.paymentState')}</dt>
        <dd>
          {t(`orders.paymentStatuses.${order.payment_status}`)}{' '}
          <span className={order.payment_demo ? 'adm-badge adm-badge-warn' : 'adm-badge adm-badge-ok'}>
            {order.payment_demo ? t('orders.demo') : t('orders.live')}
          </span>
        </dd>
        {order.payment_intent_id && (
          <>
            <dt>{t('orders.page.providerReference')}</dt>
            <dd>
              <code>{order.payment_intent_id}</code>
            </dd>
          </>
        )}
        <dt>{t('orders.page.paid')}</dt>
        <dd>
          {order.payment_status === 'pending' || order.payment_status === 'failed'
            ? formatEuro(0)
            : formatEuro(order.transfer_payment?.amount ?? order.total_amount)}
        </dd>
        <dt>{t('orders.page.refunded')}</dt>
        <dd data-testid="refunded-amount">
          {formatEuro(order.refunded_amount)} <RefundOutcome order={order} />
        </dd>
        {order.transfer_payment && (
          <>
            <dt>{t('orders.page.transfer')}</dt>
            <dd>
              {formatShortDate(order.transfer_payment.received_on)} ·{' '}
              {formatEuro(order.transfer_payment.amount)} · {order.transfer_payment.bank_reference}
              {!order.transfer_payment.amount_matches && (
                <span className="adm-badge adm-badge-warn">{t('orders.page.amountMismatch')}</span>
              )}
            </dd>
          </>
        )}
        {order.payment_due_at && (
          <>
            <dt>{t('orders.page.dueAt')}</dt>
            <dd>{formatDateTime(order.payment_due_at)}</dd>
          </>
        )}
      </dl>
      {order.payment_issue && (
        <p className="adm-error" role="note">
          {order.payment_issue.detail}
        </p>
      )}
      {order.channel === 'ebay' && <p className="adm-muted">{t('orders.page.ebayRefund')}</p>}
      {canRefund && onRefund && (
        <button type="button" className="adm-button adm-button-light" onClick={onRefund}>
          {t('orders.partialRefund.open')}
        </button>
      )}
    </div>
  );
}

function InvoiceInfo({ order }: { order: OrderPageData }) {
  const { t } = useTranslation('admin');
  const d = order.invoice_data;
  if (!d) return <p className="adm-muted">{t('orders.page.noInvoiceData')}</p>;
  return (
    <dl className="adm-facts">
      <dt>{t('orders.page.invoiceRequested')}</dt>
      <dd>{d.requires_invoice ? t('common.yes') : t('common.no')}</dd>
      {d.invoice_type === 'azienda' ? (
        <>
          <dt>{t('orders.page.company')}</dt>
          <dd>{d.ragione_sociale}</dd>
          <dt>{t('orders.invoice.piva')}</dt>
          <dd>{d.piva}</dd>
          <dt>{t('orders.invoice.cf')}</dt>
          <dd>{d.codice_fiscale_azienda}</dd>
          <dt>SDI / PEC</dt>
          <dd>{[d.sdi, d.pec].filter(Boolean).join(' · ') || '—'}</dd>
        </>
      ) : (
        <>
          <dt>{t('orders.invoice.cf')}</dt>
          <dd>{d.codice_fiscale ?? '—'}</dd>
        </>
      )}
      <dt>{t('orders.page.invoiceIssued')}</dt>
      <dd data-testid="invoice-state">
        {d.invoice_issued
          ? `${d.invoice_number ?? ''} · ${d.invoice_date ? formatShortDate(d.invoice_date) : ''}`
          : t('common.no')}
      </dd>
    </dl>
  );
}

function Shipment({ order }: { order: OrderPageData }) {
  const { t } = useTranslation('admin');
  const tracking = trackingOf(order) ?? order.shipment?.tracking_number ?? null;
  const shipment = order.shipment;
  return (
    <div className="adm-card">
      <h3>{t('orders.page.shipment')}</h3>
      <dl className="adm-facts">
        <dt>{t('orders.page.carrier')}</dt>
        <dd>
          {order.packlink_data?.carrier_name ?? shipment?.carrier_name ?? '—'}
          {shipment && ` · ${shipment.service_name} · ${formatEuro(shipment.price)}`}
          {shipment?.demo && <span className="adm-badge adm-badge-warn">{t('orders.demo')}</span>}
        </dd>
        <dt>{t('orders.page.shipmentState')}</dt>
        <dd data-testid="shipment-state">
          {shipment
            ? t(`orders.shipmentStates.${shownShipmentState(shipment.state, order.status)}`)
            : t('orders.page.noShipment')}
          {shipment?.state === 'failed' && shipment.error && ` (${shipment.error})`}
        </dd>
        <dt>{t('orders.ship.tracking')}</dt>
        <dd>
          {tracking ? (
            <a
              href={shipment?.tracking_url ?? trackingUrl(tracking)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {tracking}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('orders.page.packlink')}</dt>
        <dd>{order.packlink_shipment_id ?? t('orders.page.noShipment')}</dd>
      </dl>
    </div>
  );
}

/** An internal note: staff only, never shown to the customer (POST /api/orders/{id}/notes). */
function NoteForm({ orderId, onAdded }: { orderId: string; onAdded: () => void }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await api.orders.addNote(orderId, text.trim());
      setText('');
      onAdded();
    } catch (failure) {
      setError(failureText(failure, t('orders.notes.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="adm-form adm-note-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-note`}>{t('orders.notes.label')}</label>
      <textarea
        id={`${id}-note`}
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-actions">
        <button type="submit" className="adm-button" disabled={busy || !text.trim()}>
          {t('orders.notes.add')}
        </button>
      </div>
    </form>
  );
}
