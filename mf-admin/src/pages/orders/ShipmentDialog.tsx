import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Order, orderReference } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText, formatEuro, formatNumber, useLoad } from '@edicola/web-kit';
import { DialogActions } from '../../ui/DialogActions';

/** 'Crea spedizione': Packlink's quotes for the order's parcel; staff choose one and the shipment is created. */
export function ShipmentDialog({
  order,
  onCreated,
  onCancel,
}: {
  order: Order;
  onCreated: (feedback: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const quotes = useLoad((signal) => api.orders.shipmentQuotes(order.id, signal), order.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = quotes.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError(t('orders.shipment.choose'));
    setBusy(true);
    setError(null);
    try {
      const created = await api.orders.createShipment(order.id, chosen);
      onCreated(
        created.tracking_number
          ? t('orders.shipment.created', { carrier: created.carrier_name, tracking: created.tracking_number })
          : t('orders.shipment.createdNoTracking', { carrier: created.carrier_name }),
      );
    } catch (failure) {
      setError(failureText(failure, t('orders.shipment.error')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('orders.shipment.title', { id: orderReference(order.id) })} onClose={onCancel} wide>
      <form className="adm-form" onSubmit={submit} noValidate>
        {quotes.loading && !data && !quotes.error && (
          <p className="adm-status" role="status">
            {t('common.loading')}
          </p>
        )}
        {quotes.error !== null && (
          <p className="adm-error" role="alert">
            {failureText(quotes.error, t('orders.shipment.quotesError'))}
          </p>
        )}
        {data && (
          <>
            <p>
              {t('orders.shipment.parcel', {
                weight: formatNumber(data.parcel.weight_kg, i18n.language),
                size: `${data.parcel.length_cm}×${data.parcel.width_cm}×${data.parcel.height_cm}`,
              })}
              {data.parcel.estimated && (
                <span className="adm-badge adm-badge-warn">{t('orders.shipment.estimated')}</span>
              )}
              {data.demo && <span className="adm-badge adm-badge-warn">{t('orders.demo')}</span>}
            </p>
            {data.quotes.length === 0 ? (
              <p className="adm-empty">{t('orders.shipment.noQuotes')}</p>
            ) : (
              <fieldset className="adm-quotes">
                <legend>{t('orders.shipment.quotes')}</legend>
                {data.quotes.map((quote) => (
                  <label key={quote.service_id} className="adm-check">
                    <input
                      type="radio"
                      name={`${id}-service`}
                      value={quote.service_id}
                      checked={chosen === quote.service_id}
                      onChange={() => setChosen(quote.service_id)}
                    />
                    <span>
                      <strong>{quote.carrier_name}</strong> {quote.service_name} · {formatEuro(quote.price)} ·{' '}
                      {quote.transit_days === null
                        ? t('orders.shipment.transitUnknown')
                        : t('orders.shipment.transit', { count: quote.transit_days })}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          </>
        )}
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.actions.createShipment')}
          disabled={busy || !data || data.quotes.length === 0}
        />
      </form>
    </Dialog>
  );
}
