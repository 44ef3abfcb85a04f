import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingRule } from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { failureText, formatEuro, useLoad } from '@edicola/web-kit';
import { RowButton } from '../../ui/RowButton';
import { ruleDraftOf, rulePayload } from './ruleForm';
import { RuleDialog } from './RuleDialog';

const money = (value: number | null) => (value === null ? '—' : formatEuro(value));

/** Spedizioni: the rules (admins change them; staff read them). */
export default function ShippingTab() {
  const { t } = useTranslation('admin');
  const { api, isAdmin, refreshCounts } = useAdmin();
  const list = useLoad((signal) => api.shipping.rules(signal), 'rules');
  const banner = useBanner();
  const [editing, setEditing] = useState<ShippingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShippingRule | null>(null);

  const changed = () => {
    list.reload();
    refreshCounts();
  };

  const toggle = async (rule: ShippingRule) => {
    try {
      await api.shipping.update(rule.id, { ...rulePayload(ruleDraftOf(rule)), is_active: !rule.is_active });
      banner.show('success', t('shipping.updated'));
      changed();
    } catch (failure) {
      banner.show('error', failureText(failure, t('shipping.saveError')));
    }
  };

  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await api.shipping.remove(target.id);
      banner.show('success', t('shipping.deleted'));
      changed();
    } catch (failure) {
      banner.show('error', failureText(failure, t('shipping.deleteError')));
    }
  };

  const describe = (rule: ShippingRule) =>
    rule.rule_type === 'amount_based'
      ? money(rule.shipping_cost)
      : t('shipping.quantityFormula', {
          base: money(rule.base_shipping_cost),
          count: rule.quantity_threshold ?? 0,
          increment: money(rule.quantity_increment_cost),
        });

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('shipping.heading')}</h2>
        {isAdmin && (
          <button type="button" className="adm-button" onClick={() => setEditing('new')}>
            {t('shipping.new')}
          </button>
        )}
      </div>
      {!isAdmin && <p className="adm-muted">{t('shipping.adminOnly')}</p>}
      <Banner message={banner.message} onClose={banner.clear} />
      {list.error !== null && (
        <p className="adm-error" role="alert">
          {t('shipping.loadError')}
        </p>
      )}
      {list.data && list.data.length === 0 && <p className="adm-empty">{t('shipping.empty')}</p>}
      {list.data && list.data.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('shipping.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('shipping.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('shipping.fields.name')}</th>
                <th scope="col">{t('shipping.fields.zone')}</th>
                <th scope="col">{t('shipping.fields.cost')}</th>
                <th scope="col">{t('shipping.fields.range')}</th>
                <th scope="col">{t('shipping.fields.free_shipping_threshold')}</th>
                <th scope="col">{t('shipping.fields.is_active')}</th>
                {isAdmin && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((rule) => (
                <tr key={rule.id} data-testid="rule-row">
                  <td>{rule.name}</td>
                  <td>
                    {t(`shipping.zones.${rule.zone}`)}
                    {rule.country && ` (${rule.country})`}
                  </td>
                  <td>{describe(rule)}</td>
                  <td>
                    {money(rule.min_amount)} – {money(rule.max_amount)}
                  </td>
                  <td>{money(rule.free_shipping_threshold)}</td>
                  <td>
                    {isAdmin ? (
                      <label className="adm-switch">
                        <input
                          type="checkbox"
                          checked={rule.is_active}
                          onChange={() => toggle(rule)}
                          aria-label={t('shipping.toggle', { name: rule.name })}
                        />
                        <span>{rule.is_active ? t('common.yes') : t('common.no')}</span>
                      </label>
                    ) : rule.is_active ? (
                      t('common.yes')
                    ) : (
                      t('common.no')
                    )}
                  </td>
                  {isAdmin && (
                    <td className="adm-row-actions">
                      <RowButton label={t('common.edit')} of={rule.name} onClick={() => setEditing(rule)} />
                      <RowButton
                        label={t('common.delete')}
                        of={rule.name}
                        tone="danger"
                        onClick={() => setDeleting(rule)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            banner.show('success', created ? t('shipping.created') : t('shipping.updated'));
            changed();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('shipping.deleteTitle')}
          message={t('shipping.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('common.delete')}
          onConfirm={remove}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
