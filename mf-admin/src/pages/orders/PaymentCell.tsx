import { useTranslation } from 'react-i18next';
import type { Order } from '@edicola/contracts';
import { formatEuro } from '@edicola/web-kit';
import { refundOutcome } from './orderView';

export function RefundOutcome({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const outcome = refundOutcome(order);
  if (!outcome) return null;
  // A failed refund says why in the provider's words; an older one only has the reason it was asked for.
  const reason =
    order.refunds.at(-1)?.failure_reason ??
    (order.refund ? t(`orders.refundReasons.${order.refund.reason}`) : '');
  if (outcome === 'in_progress')
    return <span className="adm-badge adm-badge-warn">{t('orders.refund.inProgress')}</span>;
  if (outcome === 'done')
    return (
      <span className="adm-badge adm-badge-ok">
        {t('orders.refund.done', { amount: formatEuro(order.refunded_amount || order.refund?.amount || 0) })}
      </span>
    );
  return (
    <span className="adm-badge adm-badge-danger" role="note">
      {t('orders.refund.failed', { reason })}
    </span>
  );
}

/** An eBay order's badge (web orders have none), and whether its units were missing when it arrived. */
export function ChannelBadge({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  if (order.channel === 'web') return null;
  return (
    <>
      <span className="adm-badge adm-badge-ebay" data-testid="channel-badge">
        {t(`orders.channels.${order.channel}`)}
      </span>
      {order.stock_conflict && (
        <span className="adm-badge adm-badge-danger">{t('orders.conflicts.badge')}</span>
      )}
    </>
  );
}
