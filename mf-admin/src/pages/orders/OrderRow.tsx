import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { orderReference, type ListedOrder, type PackLine } from '@edicola/contracts';
import { formatEuro, formatShortDate } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { OrderActions, type Notify } from './OrderActions';
import { ChannelBadge, RefundOutcome } from './PaymentCell';
import { transferAwaited } from './orderView';

/** Lines shown in a row; the rest are counted ('+2'). */
const LINES_SHOWN = 3;

const PAYMENT_TONE: Record<ListedOrder['payment_status'], string> = {
  pending: 'adm-badge-warn',
  paid: 'adm-badge-ok',
  failed: 'adm-badge-danger',
  refunding: 'adm-badge-warn',
  partially_refunded: '',
  refunded: '',
};

/** An article's photo at its card size, from the media address; decorative (the line names the article). */
function Thumbnail({ line }: { line: PackLine }) {
  const { mediaBaseUrl } = useAdmin();
  if (!line.thumbnail_url) return <span className="adm-pack-thumb adm-thumb-empty" aria-hidden="true" />;
  const src = /^https?:/.test(line.thumbnail_url)
    ? line.thumbnail_url
    : `${mediaBaseUrl.replace(/\/$/, '')}${line.thumbnail_url}`;
  return <img className="adm-pack-thumb" src={src} alt="" width={32} height={32} loading="lazy" />;
}

/** What goes in the parcel: each line's photo, quantity and name, the first few and how many more. */
function PackLines({ lines }: { lines: PackLine[] }) {
  const { t } = useTranslation('admin');
  const more = lines.length - LINES_SHOWN;
  return (
    <ul className="adm-pack-lines" aria-label={t('orders.rows.toPack')}>
      {lines.slice(0, LINES_SHOWN).map((line) => (
        <li key={line.article_id} title={`${line.quantity} × ${line.title}`}>
          <Thumbnail line={line} />
          <span className="adm-pack-quantity">{line.quantity}×</span>
          <span className="adm-pack-title">{line.title}</span>
        </li>
      ))}
      {more > 0 && <li className="adm-muted">{t('orders.rows.moreLines', { n: more })}</li>}
    </ul>
  );
}

/** The invoice's state as a badge: issued (with its number), asked for and not yet issued, or nothing. */
function InvoiceBadge({ order }: { order: ListedOrder }) {
  const { t } = useTranslation('admin');
  const invoice = order.invoice_data;
  if (invoice?.invoice_issued) {
    return (
      <span className="adm-badge adm-badge-ok">
        {t('orders.rows.invoiced', { number: invoice.invoice_number ?? '' })}
      </span>
    );
  }
  if (invoice?.requires_invoice && order.status !== 'cancelled') {
    return <span className="adm-badge adm-badge-warn">{t('orders.rows.invoiceAsked')}</span>;
  }
  return null;
}

/**
 * One order of the list (docs/product/back-office.md#order-rows), in one line: the choice for the bulk actions,
 * the reference and day, the customer, the lines to pack, the state, payment, channel and invoice as badges, the
 * total, the primary action and the others in a menu.
 */
export function OrderRow({
  order,
  chosen,
  onChoose,
  onChanged,
  notify,
  readOnly,
}: {
  order: ListedOrder;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onChanged: () => void;
  notify: Notify;
  readOnly: boolean;
}) {
  const { t } = useTranslation('admin');
  const ref = orderReference(order.id);
  return (
    <tr data-testid="order-row" className={chosen ? 'adm-row-chosen' : undefined}>
      {!readOnly && (
        <td className="adm-col-choose">
          <input
            type="checkbox"
            aria-label={t('orders.rows.choose', { id: ref })}
            checked={chosen}
            onChange={(e) => onChoose(e.target.checked)}
          />
        </td>
      )}
      <td className="adm-col-ref">
        <Link to={`/gestione/ordini/${order.id}`} aria-label={t('orders.open', { id: ref })}>
          {ref}
        </Link>
        <span className="adm-muted adm-row-sub">{formatShortDate(order.order_date)}</span>
      </td>
      <td className="adm-col-customer">
        <span className="adm-row-main">{order.customer_info.name}</span>
        <span className="adm-muted adm-row-sub">{order.customer_info.email}</span>
      </td>
      <td className="adm-col-pack">
        <PackLines lines={order.lines} />
      </td>
      <td className="adm-col-state">
        <span className="adm-badges">
          <span className={`adm-badge adm-status-${order.status}`}>
            {t(`orders.statuses.${order.status}`)}
          </span>
          <span className={`adm-badge ${PAYMENT_TONE[order.payment_status]}`}>
            {t(`orders.methods.${order.payment_method}`)} ·{' '}
            {t(`orders.paymentStatuses.${order.payment_status}`)}
          </span>
          {order.payment_demo && <span className="adm-badge adm-badge-warn">{t('orders.demo')}</span>}
          {transferAwaited(order) && order.payment_due_at && (
            <span className="adm-badge">
              {t('orders.dueBy', { date: formatShortDate(order.payment_due_at) })}
            </span>
          )}
          <ChannelBadge order={order} />
          <InvoiceBadge order={order} />
          <RefundOutcome order={order} />
        </span>
      </td>
      <td className="adm-col-total">{formatEuro(order.total_amount)}</td>
      {!readOnly && (
        <td className="adm-col-actions">
          <OrderActions order={order} onChanged={onChanged} notify={notify} layout="row" />
        </td>
      )}
    </tr>
  );
}
