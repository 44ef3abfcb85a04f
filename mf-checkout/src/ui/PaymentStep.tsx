import { useTranslation } from 'react-i18next';
import type { PaymentsConfig } from '@edicola/contracts';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import { DialogHead } from './DialogHead';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { isDemo, isOffered } from '../payments';

/** The payment methods of docs/product/cart-and-checkout.md#payment-step, in the order shown. */
export const PAYMENT_METHODS = ['card', 'klarna', 'klarna-now', 'paypal', 'transfer'] as const;
export type CheckoutPaymentMethod = (typeof PAYMENT_METHODS)[number];

interface PaymentStepProps {
  titleId: string;
  /** GET /payments/config: undefined while it loads, null when it could not be read. */
  paymentsConfig: PaymentsConfig | null | undefined;
  onChoose: (method: CheckoutPaymentMethod) => void;
  onBack: () => void;
  onClose: () => void;
}

/**
 * Choose how to pay (docs/product/cart-and-checkout.md#payment-step) among the methods that are on, with a
 * button back to the cart; a demo one says so.
 */
export function PaymentStep({ titleId, paymentsConfig, onChoose, onBack, onClose }: PaymentStepProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const { t: tp } = useTranslation(PAYMENT_NAMESPACE);
  return (
    <>
      <DialogHead titleId={titleId} title={t('payment.title')} onClose={onClose} />
      <div className="cko-body">
        <ul className="cko-methods">
          {PAYMENT_METHODS.filter((method) => isOffered(method, paymentsConfig)).map((method) => {
            const noteId = `cko-method-note-${method}`;
            const demo = isDemo(method, paymentsConfig);
            return (
              <li key={method}>
                <button
                  type="button"
                  className="cko-method"
                  aria-describedby={noteId}
                  onClick={() => onChoose(method)}
                >
                  <span className="cko-method-name">{t(`payment.methods.${method}`)}</span>
                  <span id={noteId} className="cko-method-note">
                    {t(`payment.notes.${method}`)}
                    {demo && (
                      <>
                        {' '}
                        <strong className="cko-demo-tag">{tp('demo.tag')}</strong>
                      </>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="cko-actions">
        <button type="button" className="cko-secondary" onClick={onBack}>
          {t('payment.backToCart')}
        </button>
      </div>
    </>
  );
}
