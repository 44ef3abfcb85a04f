import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShippingRuleType, ShippingZone, type ShippingPreview, type ShippingRule } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { failureText, formatEuro } from '@edicola/web-kit';
import { emptyRule, ruleDraftOf, rulePayload, ruleProblem, type RuleDraft } from './ruleForm';

/**
 * Create or edit a shipping rule (docs/product/back-office.md#rule-form), with the checkout's quote of a
 * sample cart beside it.
 */
export function RuleDialog({
  rule,
  onClose,
  onSaved,
}: {
  rule: ShippingRule | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? ruleDraftOf(rule) : emptyRule()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sample, setSample] = useState({ total: '50', quantity: '2', country: 'IT' });
  const [preview, setPreview] = useState<ShippingPreview | null>(null);

  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // The preview follows the form as it is typed, when the draft is a valid rule.
  useEffect(() => {
    const total = Number(sample.total.replace(',', '.'));
    const quantity = Number(sample.quantity);
    if (
      ruleProblem(draft) ||
      !(total >= 0) ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      !/^[A-Za-z]{2}$/.test(sample.country)
    ) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.shipping
        .preview(
          {
            rule: rulePayload(draft),
            rule_id: rule?.id ?? null,
            total_amount: total,
            quantity,
            country: sample.country,
          },
          controller.signal,
        )
        .then(setPreview, () => setPreview(null));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, draft, sample, rule]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = ruleProblem(draft);
    if (problem) return setError(t(problem));
    setBusy(true);
    setError(null);
    try {
      const body = rulePayload(draft);
      if (rule) await api.shipping.update(rule.id, body);
      else await api.shipping.create(body);
      onSaved(!rule);
    } catch (failure) {
      setError(failureText(failure, t('shipping.saveError')));
      setBusy(false);
    }
  };

  const input = (name: keyof RuleDraft, label: string, options: { step?: number; min?: number } = {}) => (
    <span className="adm-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="number"
        min={options.min ?? 0}
        step={options.step ?? 0.01}
        value={draft[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
      />
    </span>
  );

  return (
    <Dialog title={rule ? t('shipping.editTitle') : t('shipping.newTitle')} onClose={onClose} wide>
      <form className="adm-form" onSubmit={submit} noValidate>
        <div className="adm-grid">
          <span className="adm-field adm-span-2">
            <label htmlFor={`${id}-name`}>{t('shipping.fields.name')} *</label>
            <input
              id={`${id}-name`}
              required
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
            />
          </span>
          <span className="adm-field">
            <label htmlFor={`${id}-zone`}>{t('shipping.fields.zone')} *</label>
            <select
              id={`${id}-zone`}
              value={draft.zone}
              onChange={(e) => set('zone', e.target.value as ShippingZone)}
            >
              {ShippingZone.options.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`shipping.zones.${zone}`)}
                </option>
              ))}
            </select>
          </span>
          {draft.zone === 'specific_country' && (
            <span className="adm-field">
              <label htmlFor={`${id}-country`}>{t('shipping.fields.country')} *</label>
              <input
                id={`${id}-country`}
                required
                maxLength={2}
                autoCapitalize="characters"
                value={draft.country}
                onChange={(e) => set('country', e.target.value.toUpperCase())}
              />
            </span>
          )}
          <span className="adm-field">
            <label htmlFor={`${id}-type`}>{t('shipping.fields.type')} *</label>
            <select
              id={`${id}-type`}
              value={draft.rule_type}
              onChange={(e) => set('rule_type', e.target.value as ShippingRuleType)}
            >
              {ShippingRuleType.options.map((type) => (
                <option key={type} value={type}>
                  {t(`shipping.types.${type}`)}
                </option>
              ))}
            </select>
          </span>
          {draft.rule_type === 'amount_based' ? (
            input('shipping_cost', `${t('shipping.fields.shipping_cost')} *`)
          ) : (
            <>
              {input('base_shipping_cost', `${t('shipping.fields.base_shipping_cost')} *`)}
              {input('quantity_threshold', `${t('shipping.fields.quantity_threshold')} *`, {
                step: 1,
                min: 1,
              })}
              {input('quantity_increment_cost', `${t('shipping.fields.quantity_increment_cost')} *`)}
              {input('max_quantity_cost', t('shipping.fields.max_quantity_cost'))}
            </>
          )}
          {input('min_amount', t('shipping.fields.min_amount'))}
          {input('max_amount', t('shipping.fields.max_amount'))}
          {input('free_shipping_threshold', t('shipping.fields.free_shipping_threshold'))}
        </div>
        <p className="adm-muted">{t(`shipping.zoneHelp.${draft.zone}`)}</p>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={draft.is_active}
            onChange={(e) => set('is_active', e.target.checked)}
          />
          {t('shipping.fields.is_active')}
        </label>

        <fieldset className="adm-preview">
          <legend>{t('shipping.preview.title')}</legend>
          <div className="adm-inline-form">
            <span className="adm-field">
              <label htmlFor={`${id}-sample-total`}>{t('shipping.preview.total')}</label>
              <input
                id={`${id}-sample-total`}
                type="number"
                min={0}
                step={0.01}
                value={sample.total}
                onChange={(e) => setSample({ ...sample, total: e.target.value })}
              />
            </span>
            <span className="adm-field">
              <label htmlFor={`${id}-sample-quantity`}>{t('shipping.preview.quantity')}</label>
              <input
                id={`${id}-sample-quantity`}
                type="number"
                min={1}
                step={1}
                value={sample.quantity}
                onChange={(e) => setSample({ ...sample, quantity: e.target.value })}
              />
            </span>
            <span className="adm-field">
              <label htmlFor={`${id}-sample-country`}>{t('shipping.preview.country')}</label>
              <input
                id={`${id}-sample-country`}
                maxLength={2}
                value={sample.country}
                onChange={(e) => setSample({ ...sample, country: e.target.value.toUpperCase() })}
              />
            </span>
          </div>
          <p aria-live="polite" data-testid="rule-preview">
            {preview
              ? t('shipping.preview.result', {
                  cost: formatEuro(preview.shipping_cost),
                  current: formatEuro(preview.current_shipping_cost),
                  zone: t(`shipping.zones.${preview.zone}`),
                })
              : t('shipping.preview.none')}
          </p>
        </fieldset>

        {error && (
          <p className="adm-error" role="alert">
            {error}
          </p>
        )}
        <div className="adm-actions">
          <button type="button" className="adm-button adm-button-light" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="adm-button" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
