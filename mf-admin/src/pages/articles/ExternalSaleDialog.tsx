import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalChannel, type AdminArticle, type ExternalSaleRequest } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { newIdempotencyKey } from '../../api/pos';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { parseEuros } from '../counter/sale';

/**
 * "Venduto altrove": units sold on Subito, eBay or elsewhere leave the same stock, with the channel in the ledger
 * (docs/product/counter.md#stock-ledger). Staff and admin only. One Idempotency-Key per sale recorded, kept
 * while the same one is retried.
 */
export function ExternalSaleDialog({
  article,
  onDone,
  onCancel,
}: {
  article: AdminArticle;
  onDone: (article: AdminArticle) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [channel, setChannel] = useState<ExternalChannel>('subito');
  const [quantity, setQuantity] = useState('1');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity);
    if (!Number.isInteger(units) || units < 1) return setError(t('external.invalidQuantity'));
    if (units > article.quantity_stock) return setError(t('external.tooMany', { n: article.quantity_stock }));
    const paid = amount.trim() === '' ? undefined : parseEuros(amount);
    if (paid !== undefined && Number.isNaN(paid)) return setError(t('counter.invalidAmount'));
    const request: ExternalSaleRequest = {
      article_id: article.id,
      quantity: units,
      channel,
      ...(paid !== undefined ? { amount: paid } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const body = JSON.stringify(request);
    const key = attempt?.body === body ? attempt.key : newIdempotencyKey();
    setAttempt({ body, key });
    setBusy(true);
    setError(null);
    try {
      const answer = await api.articles.externalSale(request, key);
      onDone(answer.article);
    } catch (failure) {
      setError(failureText(failure, t('external.error')));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('external.title', { title: article.title })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">{t('external.intro', { n: article.quantity_stock })}</p>
        <label htmlFor={`${id}-channel`}>{t('external.channel')}</label>
        <select
          id={`${id}-channel`}
          value={channel}
          onChange={(event) => setChannel(event.target.value as ExternalChannel)}
        >
          {ExternalChannel.options.map((option) => (
            <option key={option} value={option}>
              {t(`stock.channels.${option}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-quantity`}>{t('external.quantity')}</label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={article.quantity_stock}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <label htmlFor={`${id}-amount`}>{t('external.amount')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <label htmlFor={`${id}-note`}>{t('external.note')}</label>
        <input
          id={`${id}-note`}
          value={note}
          maxLength={300}
          onChange={(event) => setNote(event.target.value)}
        />
        <DialogActions
          error={error}
          onCancel={onCancel}
          submitLabel={t('external.submit')}
          disabled={busy || article.quantity_stock === 0}
        />
      </form>
    </Dialog>
  );
}
