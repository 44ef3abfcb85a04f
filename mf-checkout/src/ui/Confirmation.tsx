import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import type { OrderConfirmation } from '../api';
import { DialogHead } from './DialogHead';
import { formatCents } from '@edicola/web-kit';
import { Link } from 'react-router-dom';
import { eurosToCents, orderPagePath, orderReference } from '@edicola/contracts';

/**
 * The confirmation closes by itself after 30 s, then the cart is emptied
 * (docs/product/cart-and-checkout.md#confirmation, docs/product/constants.md#timers).
 */
export const CONFIRMATION_MS = 30_000;

interface ConfirmationProps {
  titleId: string;
  confirmation: OrderConfirmation;
  /** Empties the cart, resets the checkout and closes: after 30 s or when the shopper closes it. */
  onDone: () => void;
}

/**
 * The order confirmation overlay: reference (ORD- and the last 8 characters), total, the bank-transfer details and
 * the link to the order's page (docs/product/account.md#order-page), which closes the overlay as 'Chiudi' does.
 */
export function Confirmation({ titleId, confirmation, onDone }: ConfirmationProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const [copied, setCopied] = useState('');

  useEffect(() => {
    const timer = setTimeout(onDone, CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  const transfer = confirmation.bank_transfer;
  const copy = async (what: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(t('confirmation.copied', { what }));
    } catch {
      setCopied(''); // no clipboard (insecure page): the text stays selectable
    }
  };
  const copyable = (label: string, value: string, testId: string) => (
    <div className="cko-copy-row">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>{' '}
        <button type="button" className="cko-link" onClick={() => void copy(label, value)}>
          {t('confirmation.copy', { what: label })}
        </button>
      </dd>
    </div>
  );

  return (
    <div className="cko-confirmation" data-testid="order-confirmation">
      <DialogHead titleId={titleId} title={t('confirmation.title')} onClose={onDone} />
      <div className="cko-body">
        <dl className="cko-summary">
          <div>
            <dt>{t('confirmation.reference')}</dt>
            <dd data-testid="order-reference">{orderReference(confirmation.order_id)}</dd>
          </div>
          <div className="cko-summary-total">
            <dt>{t('confirmation.total')}</dt>
            <dd data-testid="order-total">{formatCents(eurosToCents(confirmation.total_amount))}</dd>
          </div>
        </dl>
        {transfer && (
          <section className="cko-transfer" aria-labelledby={`${titleId}-transfer`}>
            <h3 id={`${titleId}-transfer`}>{t('confirmation.transferTitle')}</h3>
            <p>{t('confirmation.transferText')}</p>
            {transfer.demo && <p className="cko-notice cko-warning">{t('confirmation.demo')}</p>}
            <dl>
              {copyable(t('confirmation.iban'), transfer.iban, 'transfer-iban')}
              {copyable(t('confirmation.holder'), transfer.holder, 'transfer-holder')}
              {copyable(t('confirmation.reason'), transfer.payment_reason, 'transfer-reason')}
            </dl>
            <p className="cko-visually-hidden" role="status">
              {copied}
            </p>
          </section>
        )}
        <p className="cko-hint">{t('confirmation.autoClose')}</p>
      </div>
      <div className="cko-actions">
        <Link
          className="cko-secondary"
          to={orderPagePath(confirmation.order_id, confirmation.cancel_token)}
          onClick={onDone}
          data-testid="order-page-link"
        >
          {t('confirmation.follow')}
        </Link>
        <button type="button" className="cko-primary" onClick={onDone}>
          {t('confirmation.close')}
        </button>
      </div>
    </div>
  );
}
