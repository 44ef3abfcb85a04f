import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_INFO_LIMITS,
  orderReference,
  type Order,
  type OrderContactUpdate,
} from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';

const FIELDS = ['name', 'email', 'phone', 'address', 'city', 'zipCode'] as const;
type ContactForm = Record<(typeof FIELDS)[number], string>;

/** The fields a web order's buyer may have wrong; the page shows this only while the order may still change. */
export const contactEditable = (order: Order) =>
  order.channel === 'web' &&
  ['pending', 'paid', 'confirmed'].includes(order.status) &&
  !order.packlink_shipment_id &&
  !order.invoice_data?.invoice_issued;

/**
 * The buyer's name, contacts and shipping address corrected before the order leaves
 * (docs/product/back-office.md#order-editing); the server checks the data and whether the order may still change,
 * and its refusal is shown as it is. The country stays: it priced the shipping.
 */
export function ContactDialog({
  order,
  onSaved,
  onCancel,
}: {
  order: Order;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [form, setForm] = useState<ContactForm>(() => {
    const info = order.customer_info;
    return {
      name: info.name,
      email: info.email,
      phone: info.phone,
      address: info.address,
      city: info.city,
      zipCode: info.zipCode ?? '',
    };
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const contact: OrderContactUpdate = {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      zipCode: form.zipCode.trim() || null,
    };
    try {
      await api.orders.saveContact(order.id, contact);
      onSaved();
    } catch (failure) {
      setError(failureText(failure, t('orders.contact.error')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('orders.contact.title', { id: orderReference(order.id) })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">{t('orders.contact.intro', { country: order.shipping_country })}</p>
        {FIELDS.map((field) => (
          <span className="adm-field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t(`orders.contact.fields.${field}`)}</label>
            <input
              id={`${id}-${field}`}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={form[field]}
              maxLength={field === 'email' ? 254 : CUSTOMER_INFO_LIMITS[field]}
              autoComplete="off"
              onChange={(e) => setForm((current) => ({ ...current, [field]: e.target.value }))}
            />
          </span>
        ))}
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.contact.submit')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
