import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from './dialogI18n';
import { DialogHead } from './DialogHead';

/** The payment methods of SPEC §2; only the bank transfer can complete until the payments issue lands. */
export const PAYMENT_METHODS = ['card', 'klarna', 'klarna-now', 'paypal', 'transfer'] as const;
export type CheckoutPaymentMethod = (typeof PAYMENT_METHODS)[number];
const AVAILABLE: ReadonlySet<CheckoutPaymentMethod> = new Set(['transfer']);

interface PaymentStepProps {
  titleId: string;
  onTransfer: () => void;
  onBack: () => void;
  onClose: () => void;
}

/** Choose how to pay (SPEC §2), with a button back to the cart. */
export function PaymentStep({ titleId, onTransfer, onBack, onClose }: PaymentStepProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  return (
    <>
      <DialogHead titleId={titleId} title={t('payment.title')} onClose={onClose} />
      <div className="cko-body">
        <ul className="cko-methods">
          {PAYMENT_METHODS.map((method) => {
            const available = AVAILABLE.has(method);
            const noteId = `cko-method-note-${method}`;
            return (
              <li key={method}>
                <button
                  type="button"
                  className="cko-method"
                  disabled={!available}
                  aria-describedby={noteId}
                  onClick={available ? onTransfer : undefined}
                >
                  <span className="cko-method-name">{t(`payment.methods.${method}`)}</span>
                  <span id={noteId} className="cko-method-note">
                    {available ? t('payment.transferNote') : t('payment.comingSoon')}
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
