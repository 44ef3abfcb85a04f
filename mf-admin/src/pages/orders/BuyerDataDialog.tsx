import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { orderReference, type Order } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { BuyerFieldset, formOf, hasCap, missingBuyerData, updateOf } from './BuyerFields';

/**
 * The buyer's data of an invoice the SdI rejected (docs/decisions/0063): corrected here, then the invoice goes again
 * with the same number and date, its file made from the corrected data.
 */
export function BuyerDataDialog({
  order,
  onSaved,
  onCancel,
}: {
  order: Order;
  onSaved: (order: Order) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [buyer, setBuyer] = useState(() => formOf(order.invoice_data));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const capMissing = !hasCap(order);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const incomplete = missingBuyerData(t, buyer, capMissing);
    if (incomplete) return setError(incomplete);
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.orders.saveInvoiceData(order.id, updateOf(buyer, capMissing)));
    } catch (failure) {
      setError(failureText(failure, t('orders.invoice.buyer.error')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('orders.sdi.correctTitle', { id: orderReference(order.id) })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <BuyerFieldset
          id={id}
          buyer={buyer}
          setBuyer={setBuyer}
          capMissing={capMissing}
          intro={t('orders.sdi.correctIntro')}
        />
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('orders.sdi.correctSubmit')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
