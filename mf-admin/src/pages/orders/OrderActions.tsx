import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canMoveOrder,
  orderMoveBlocker,
  type Order,
  type OrderStatus,
  orderReference,
} from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { saveFile, failureText, formatEuro } from '@edicola/web-kit';
import { SHIPMENT_SUCCESS_MS } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { InvoiceDialog } from './InvoiceDialog';
import { invoiceDue, shipmentDue, trackingOf, transferAwaited } from './orderView';
import { ShipmentDialog } from './ShipmentDialog';
import { todayInRome } from './orderQuery';
import { DialogActions } from '../../ui/DialogActions';
import { RowMenu, type MenuAction } from '../../ui/RowMenu';

export type Notify = (kind: 'success' | 'error', text: string, ms?: number) => void;

type Open = 'ship' | 'cancel' | 'transfer' | 'invoice' | 'shipment' | null;

/**
 * The staff moves of docs/product/orders-and-payments.md#transitions for one order, read from contracts'
 * ORDER_TRANSITIONS and orderMoveBlocker (the
 * server's own table), so the screen never offers a move the server refuses; plus the transfer, invoice and
 * shipment steps the order is due for. In a list row the first step due is the primary button and the rest are in
 * a menu, the cancellation last and apart (docs/product/back-office.md#order-rows).
 */
export function OrderActions({
  order,
  onChanged,
  notify,
  layout = 'page',
}: {
  order: Order;
  onChanged: () => void;
  notify: Notify;
  /** The order page shows every action as a button; a list row its primary one and the others in a menu. */
  layout?: 'page' | 'row';
}) {
  const { t } = useTranslation('admin');
  const { api, refreshCounts } = useAdmin();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const ref = orderReference(order.id);

  // The status goes with the order's tracking number (or null, docs/product/back-office.md#order-actions), so
  // no move forgets it.
  const move = async (status: OrderStatus, trackingNumber: string | null = trackingOf(order)) => {
    setBusy(true);
    try {
      await api.orders.setStatus(order.id, status, trackingNumber);
      notify('success', t('orders.moved', { id: ref, status: t(`orders.statuses.${status}`) }));
      setOpen(null);
      onChanged();
      refreshCounts();
    } catch (failure) {
      notify('error', failureText(failure, t('orders.statusError')));
    } finally {
      setBusy(false);
    }
  };

  const download = async (
    load: () => Promise<Parameters<typeof saveFile>[0]>,
    name: string,
    error: string,
  ) => {
    try {
      saveFile(await load(), name);
    } catch (failure) {
      notify('error', failureText(failure, error));
    }
  };

  // eBay holds an eBay order's money: cancelling it here refunds nothing, staff refund the buyer on eBay.
  const ebay = order.channel === 'ebay';
  const paid = order.payment_status === 'paid' && !ebay;
  const tracking = trackingOf(order);
  const needsPaymentHint = orderMoveBlocker(order, 'confirmed') === 'needs_payment';
  const hintId = `${order.id}-needs-payment`;

  const moveAction = (
    key: string,
    to: OrderStatus,
    label: string,
    onSelect: () => void,
    danger = false,
  ): MenuAction[] => {
    if (!canMoveOrder(order.status, to)) return [];
    const blocker = orderMoveBlocker(order, to);
    const hint = blocker === 'needs_payment' ? t('orders.needsPayment') : undefined;
    return [{ key, label, onSelect, danger, disabled: busy || blocker !== null, hint }];
  };

  // In the order of the work: the first one the order is due for is the row's primary action
  // (docs/product/back-office.md#order-rows).
  const actions: MenuAction[] = [
    ...(transferAwaited(order)
      ? [{ key: 'transfer', label: t('orders.actions.transfer'), onSelect: () => setOpen('transfer') }]
      : []),
    ...moveAction('confirm', 'confirmed', t('orders.actions.confirm'), () => void move('confirmed')),
    ...(shipmentDue(order)
      ? [{ key: 'shipment', label: t('orders.actions.createShipment'), onSelect: () => setOpen('shipment') }]
      : []),
    ...moveAction('ship', 'shipped', t('orders.actions.ship'), () =>
      tracking ? void move('shipped', tracking) : setOpen('ship'),
    ),
    ...moveAction('deliver', 'delivered', t('orders.actions.deliver'), () => void move('delivered')),
    ...(invoiceDue(order) && order.status !== 'cancelled'
      ? [{ key: 'invoice', label: t('orders.actions.invoice'), onSelect: () => setOpen('invoice') }]
      : []),
    ...(order.packlink_shipment_id
      ? [
          {
            key: 'label',
            label: t('orders.actions.label'),
            onSelect: () =>
              void download(
                () => api.orders.label(order.packlink_shipment_id!),
                `etichetta-${ref}.pdf`,
                t('orders.labelError'),
              ),
          },
          {
            key: 'slip',
            label: t('orders.actions.packingSlip'),
            onSelect: () =>
              void download(
                () => api.orders.packingSlip(order.id),
                `distinta-${ref}.pdf`,
                t('orders.packingSlipError'),
              ),
          },
        ]
      : []),
    ...moveAction(
      'cancel',
      'cancelled',
      paid ? t('orders.actions.cancelRefund') : t('orders.actions.cancel'),
      () => setOpen('cancel'),
      true,
    ),
  ];
  const primary = layout === 'row' ? actions.find((a) => !a.danger && !a.disabled) : undefined;
  const LIGHT = new Set(['invoice', 'shipment', 'label', 'slip']);

  return (
    <div className="adm-row-actions">
      {layout === 'page' &&
        actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={`adm-button adm-button-small${action.danger ? ' adm-button-danger' : LIGHT.has(action.key) ? ' adm-button-light' : ''}`}
            disabled={action.disabled}
            title={action.hint}
            aria-label={`${action.label}: ${ref}`}
            aria-describedby={action.hint ? hintId : undefined}
            onClick={action.onSelect}
          >
            {action.label}
          </button>
        ))}
      {primary && (
        <button
          type="button"
          className="adm-button adm-button-small"
          aria-label={`${primary.label}: ${ref}`}
          onClick={primary.onSelect}
        >
          {primary.label}
        </button>
      )}
      {layout === 'row' && (
        <RowMenu label={t('orders.moreActions')} of={ref} actions={actions.filter((a) => a !== primary)} />
      )}
      {needsPaymentHint && (
        <span id={hintId} className="adm-visually-hidden">
          {t('orders.needsPayment')}
        </span>
      )}

      {open === 'ship' && (
        <TrackingDialog
          order={order}
          busy={busy}
          onCancel={() => setOpen(null)}
          onShip={(n) => void move('shipped', n)}
        />
      )}
      {open === 'cancel' && (
        <ConfirmDialog
          title={paid ? t('orders.actions.cancelRefund') : t('orders.actions.cancel')}
          message={
            paid
              ? t('orders.cancelRefundMessage', { id: ref, amount: formatEuro(order.total_amount) })
              : ebay
                ? t('orders.cancelEbayMessage', { id: ref })
                : t('orders.cancelMessage', { id: ref })
          }
          confirmLabel={paid ? t('orders.actions.cancelRefund') : t('orders.actions.cancel')}
          busy={busy}
          onCancel={() => setOpen(null)}
          onConfirm={() => void move('cancelled')}
        />
      )}
      {open === 'transfer' && (
        <TransferDialog
          order={order}
          onCancel={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            notify('success', t('orders.transfer.saved', { id: ref }));
            onChanged();
            refreshCounts();
          }}
        />
      )}
      {open === 'invoice' && (
        <InvoiceDialog
          order={order}
          onCancel={() => setOpen(null)}
          onDataSaved={onChanged}
          onSaved={(number) => {
            setOpen(null);
            notify('success', t('orders.invoice.saved', { number }));
            onChanged();
          }}
        />
      )}
      {open === 'shipment' && (
        <ShipmentDialog
          order={order}
          onCancel={() => setOpen(null)}
          onCreated={(text) => {
            setOpen(null);
            notify('success', text, SHIPMENT_SUCCESS_MS);
            onChanged();
          }}
        />
      )}
    </div>
  );
}

/**
 * docs/product/back-office.md#order-actions: marking shipped without a tracking number asks for one, and it
 * must not be blank.
 */
function TrackingDialog({
  order,
  busy,
  onShip,
  onCancel,
}: {
  order: Order;
  busy: boolean;
  onShip: (trackingNumber: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [value, setValue] = useState('');
  const blank = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !busy) onShip(value.trim());
  };
  return (
    <Dialog title={t('orders.ship.title', { id: orderReference(order.id) })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <span className="adm-field">
          <label htmlFor={`${id}-tracking`}>{t('orders.ship.tracking')}</label>
          <input
            id={`${id}-tracking`}
            value={value}
            maxLength={100}
            autoComplete="off"
            required
            aria-required="true"
            onChange={(event) => setValue(event.target.value)}
          />
        </span>
        <DialogActions onCancel={onCancel} submitLabel={t('orders.actions.ship')} disabled={blank || busy} />
      </form>
    </Dialog>
  );
}

/** 'Bonifico ricevuto': the day, the amount and the bank's reference of a transfer (PUT /api/orders/{id}/payment). */
function TransferDialog({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [day, setDay] = useState(todayInRome());
  const [amount, setAmount] = useState(order.total_amount.toFixed(2));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!day || !reference.trim() || !(value > 0)) return setError(t('orders.transfer.required'));
    setBusy(true);
    setError(null);
    try {
      await api.orders.recordTransfer(order.id, {
        received_on: day,
        amount: Math.round(value * 100) / 100,
        bank_reference: reference.trim(),
      });
      onDone();
    } catch (failure) {
      setError(failureText(failure, t('orders.statusError')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('orders.transfer.title', { id: orderReference(order.id) })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">
          {t('orders.transfer.expected', {
            amount: formatEuro(order.total_amount),
            reference: order.order_reference,
          })}
        </p>
        <span className="adm-field">
          <label htmlFor={`${id}-day`}>{t('orders.transfer.date')}</label>
          <input id={`${id}-day`} type="date" value={day} required onChange={(e) => setDay(e.target.value)} />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-amount`}>{t('orders.transfer.amount')}</label>
          <input
            id={`${id}-amount`}
            type="number"
            step="0.01"
            min="0.01"
            inputMode="decimal"
            value={amount}
            required
            onChange={(e) => setAmount(e.target.value)}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-reference`}>{t('orders.transfer.reference')}</label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={140}
            required
            onChange={(e) => setReference(e.target.value)}
          />
        </span>
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.transfer.submit')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
