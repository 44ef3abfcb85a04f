import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Discount } from '@edicola/contracts';
import { failureText, formatEuro, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { RowButton } from '../../ui/RowButton';
import { DiscountDialog } from './DiscountDialog';

/** Sconti: the discount codes, their state and the orders that used them (docs/product/back-office.md#discount-codes). */
export default function DiscountsTab() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const list = useLoad((signal) => api.discounts.list(signal), 'discounts');
  const banner = useBanner();
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);

  const worth = (discount: Discount) =>
    discount.kind === 'percent'
      ? `${discount.value} %`
      : discount.kind === 'amount'
        ? formatEuro(discount.value)
        : t('discounts.kinds.free_shipping');

  const validity = (discount: Discount) =>
    discount.starts_at || discount.ends_at
      ? `${discount.starts_at ?? '…'} – ${discount.ends_at ?? '…'}`
      : t('discounts.always');

  const togglePause = async (discount: Discount) => {
    try {
      await api.discounts.pause(discount.id, !discount.paused);
      banner.show('success', discount.paused ? t('discounts.resumed') : t('discounts.paused'));
      list.reload();
    } catch (failure) {
      banner.show('error', failureText(failure, t('discounts.saveError')));
    }
  };

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('discounts.heading')}</h2>
        <button type="button" className="adm-button" onClick={() => setEditing('new')}>
          {t('discounts.new')}
        </button>
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      {list.error !== null && (
        <p className="adm-error" role="alert">
          {t('discounts.loadError')}
        </p>
      )}
      {list.data && list.data.discounts.length === 0 && <p className="adm-empty">{t('discounts.empty')}</p>}
      {list.data && list.data.discounts.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('discounts.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('discounts.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('discounts.fields.code')}</th>
                <th scope="col">{t('discounts.fields.kind')}</th>
                <th scope="col">{t('discounts.validity')}</th>
                <th scope="col">{t('discounts.uses')}</th>
                <th scope="col">{t('discounts.state')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.discounts.map((discount) => (
                <tr key={discount.id} data-testid="discount-row">
                  <td>{discount.code}</td>
                  <td>{worth(discount)}</td>
                  <td>{validity(discount)}</td>
                  <td>
                    <details>
                      <summary>
                        {t('discounts.usesSummary', {
                          uses: discount.uses,
                          max: discount.max_uses ?? '∞',
                          amount: formatEuro(discount.discounted_amount),
                        })}
                      </summary>
                      {discount.orders.length === 0 ? (
                        <p className="adm-muted">{t('discounts.noOrders')}</p>
                      ) : (
                        <ul>
                          {discount.orders.map((use) => (
                            <li key={use.order_id}>
                              {use.order_reference} · {use.email} · −{formatEuro(use.amount)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </details>
                  </td>
                  <td>{discount.paused ? t('discounts.pausedState') : t('discounts.activeState')}</td>
                  <td className="adm-row-actions">
                    <RowButton
                      label={t('common.edit')}
                      of={discount.code}
                      onClick={() => setEditing(discount)}
                    />
                    <RowButton
                      label={discount.paused ? t('discounts.resume') : t('discounts.pause')}
                      of={discount.code}
                      onClick={() => togglePause(discount)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <DiscountDialog
          discount={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            banner.show('success', created ? t('discounts.created') : t('discounts.updated'));
            list.reload();
          }}
        />
      )}
    </section>
  );
}
