import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@edicola/web-kit';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { RowButton } from '../../ui/RowButton';
import { lineTotal, parseEuros, saleTotal, vatShares, type SaleLine } from './sale';

/** The sale's lines: quantity (− / + / typed), unit price, line total, remove; the totals and VAT below. */
export function SaleTable({
  lines,
  mayChangePrices,
  onQuantity,
  onRemove,
  onPrice,
}: {
  lines: SaleLine[];
  mayChangePrices: boolean;
  onQuantity: (articleId: string, quantity: number) => void;
  onRemove: (articleId: string) => void;
  onPrice: (articleId: string, price: number, reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [pricing, setPricing] = useState<SaleLine | null>(null);
  const total = saleTotal(lines);

  if (lines.length === 0) return <p className="adm-muted adm-sale-empty">{t('counter.emptySale')}</p>;
  return (
    <>
      <div className="adm-table-wrap" role="region" aria-label={t('counter.saleLines')} tabIndex={0}>
        <table className="adm-table adm-sale">
          <caption className="adm-visually-hidden">{t('counter.saleLines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('counter.article')}</th>
              <th scope="col">{t('counter.quantity')}</th>
              <th scope="col">{t('counter.unitPrice')}</th>
              <th scope="col">{t('counter.lineTotal')}</th>
              <th scope="col">
                <span className="adm-visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const { title, id } = line.article;
              return (
                <tr key={id}>
                  <td>
                    <strong>{title}</strong>
                    <br />
                    <span className="adm-muted">{line.article.sku}</span>
                  </td>
                  <td>
                    <span className="adm-qty">
                      <button
                        type="button"
                        className="adm-button adm-button-small adm-button-light"
                        aria-label={t('counter.less', { title })}
                        disabled={line.quantity <= 1}
                        onClick={() => onQuantity(id, line.quantity - 1)}
                      >
                        −
                      </button>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        value={line.quantity}
                        aria-label={t('counter.quantityOf', { title })}
                        onChange={(event) => onQuantity(id, Number(event.target.value))}
                      />
                      <button
                        type="button"
                        className="adm-button adm-button-small adm-button-light"
                        aria-label={t('counter.more', { title })}
                        onClick={() => onQuantity(id, line.quantity + 1)}
                      >
                        +
                      </button>
                    </span>
                  </td>
                  <td>
                    <span className="adm-cell-label">{t('counter.unitPrice')}: </span>
                    {formatEuro(line.unitPrice)}
                    {line.priceReason !== null && (
                      <>
                        <br />
                        <span className="adm-muted">
                          {t('counter.priceChanged', { price: formatEuro(line.article.gross_price) })}
                        </span>
                      </>
                    )}
                  </td>
                  <td>
                    <span className="adm-cell-label">{t('counter.lineTotal')}: </span>
                    {formatEuro(lineTotal(line))}
                  </td>
                  <td className="adm-row-actions">
                    {mayChangePrices && (
                      <RowButton
                        label={t('counter.changePrice')}
                        of={title}
                        tone="light"
                        onClick={() => setPricing(line)}
                      />
                    )}
                    <RowButton
                      label={t('counter.remove')}
                      of={title}
                      tone="danger"
                      onClick={() => onRemove(id)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="adm-sale-totals">
        <dt>{t('counter.total')}</dt>
        <dd data-testid="sale-total">{formatEuro(total)}</dd>
        {vatShares(lines).map((share) => (
          <div key={share.rate} className="adm-vat-share">
            <dt>{t('counter.vatOf', { rate: share.rate })}</dt>
            <dd>{formatEuro(share.vat)}</dd>
          </div>
        ))}
      </dl>
      {pricing && (
        <PriceDialog
          line={pricing}
          onCancel={() => setPricing(null)}
          onSave={(price, reason) => {
            onPrice(pricing.article.id, price, reason);
            setPricing(null);
          }}
        />
      )}
    </>
  );
}

/** Another unit price for one line, with the reason the receipt's records keep (staff and admin only). */
function PriceDialog({
  line,
  onSave,
  onCancel,
}: {
  line: SaleLine;
  onSave: (price: number, reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [price, setPrice] = useState(line.unitPrice.toFixed(2).replace('.', ','));
  const [reason, setReason] = useState(line.priceReason ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseEuros(price);
    if (Number.isNaN(value)) return setError(t('counter.invalidAmount'));
    if (reason.trim().length < 3) return setError(t('counter.priceReasonRequired'));
    onSave(value, reason.trim());
  };
  return (
    <Dialog title={t('counter.changePriceOf', { title: line.article.title })} onClose={onCancel}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p className="adm-muted">{t('counter.listPrice', { price: formatEuro(line.article.gross_price) })}</p>
        <label htmlFor={`${id}-price`}>{t('counter.newPrice')}</label>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <label htmlFor={`${id}-reason`}>{t('counter.priceReason')}</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
        />
        <DialogActions error={error} onCancel={onCancel} submitLabel={t('counter.applyPrice')} />
      </form>
    </Dialog>
  );
}
