import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_KINDS, type Discount, type DiscountKind } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { discountDraftOf, discountPayload, emptyDiscount, type DiscountDraft } from './discountForm';

/** Create or edit a discount code (docs/product/back-office.md#discount-codes). */
export function DiscountDialog({
  discount,
  onClose,
  onSaved,
}: {
  discount: Discount | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [draft, setDraft] = useState<DiscountDraft>(() =>
    discount ? discountDraftOf(discount) : emptyDiscount(),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof DiscountDraft>(key: K, value: DiscountDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const payload = discountPayload(draft);
      if (discount) await api.discounts.update(discount.id, payload);
      else await api.discounts.create(payload);
      onSaved(!discount);
    } catch (failure) {
      setError(failureText(failure, t('discounts.saveError')));
      setBusy(false);
    }
  };

  const field = (
    name: keyof DiscountDraft,
    label: string,
    props: { type?: string; step?: number; min?: number; hint?: string } = {},
  ) => (
    <span className="adm-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={props.type ?? 'text'}
        step={props.step}
        min={props.min}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value as never)}
      />
      {props.hint && <small className="adm-muted">{props.hint}</small>}
    </span>
  );

  return (
    <Dialog title={discount ? t('discounts.editTitle') : t('discounts.newTitle')} onClose={onClose} wide>
      <form className="adm-form" onSubmit={submit} noValidate>
        <div className="adm-grid">
          <span className="adm-field">
            <label htmlFor={`${id}-code`}>{t('discounts.fields.code')} *</label>
            <input
              id={`${id}-code`}
              required
              maxLength={32}
              autoCapitalize="characters"
              value={draft.code}
              onChange={(e) => set('code', e.target.value.toUpperCase())}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={`${id}-kind`}>{t('discounts.fields.kind')} *</label>
            <select
              id={`${id}-kind`}
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as DiscountKind)}
            >
              {DISCOUNT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`discounts.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </span>
          {draft.kind !== 'free_shipping' &&
            field(
              'value',
              `${draft.kind === 'percent' ? t('discounts.fields.percent') : t('discounts.fields.amount')} *`,
              { type: 'number', step: draft.kind === 'percent' ? 1 : 0.01, min: 0 },
            )}
          {field('min_total', t('discounts.fields.min_total'), { type: 'number', step: 0.01, min: 0 })}
          {field('max_uses', t('discounts.fields.max_uses'), { type: 'number', step: 1, min: 1 })}
          {field('max_uses_per_customer', t('discounts.fields.max_uses_per_customer'), {
            type: 'number',
            step: 1,
            min: 1,
          })}
          {field('starts_at', t('discounts.fields.starts_at'), { type: 'date' })}
          {field('ends_at', t('discounts.fields.ends_at'), { type: 'date' })}
          {field('categories', t('discounts.fields.categories'), { hint: t('discounts.categoriesHint') })}
          {field('article_ids', t('discounts.fields.article_ids'), { hint: t('discounts.articlesHint') })}
        </div>
        <DialogActions
          error={error}
          onCancel={onClose}
          submitLabel={busy ? t('common.saving') : t('common.save')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
