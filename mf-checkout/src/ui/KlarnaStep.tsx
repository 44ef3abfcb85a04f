import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eurosToCents, KLARNA_DEFAULTS, SHOP_INFO, type KlarnaIntentResponse } from '@edicola/contracts';
import { DialogHead } from './DialogHead';
import { KlarnaSchedule } from './KlarnaSchedule';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { browser, withKlarnaOption } from '../payments';
import { formatCents } from '@edicola/web-kit';

export interface KlarnaBuyer {
  email: string;
  name: string;
  line1: string;
  city: string;
  postal_code: string;
}

interface KlarnaStepProps {
  titleId: string;
  method: 'klarna' | 'klarna-now';
  intent: KlarnaIntentResponse;
  /** Stripe's publishable key (live mode); null when the payments service did not give one. */
  publishableKey: string | null;
  buyer: KlarnaBuyer;
  onCancel: () => void;
  onClose: () => void;
}

/** What confirmKlarnaPayment may answer instead of leaving for Klarna. */
interface StripeErrorLike {
  type?: string;
  message?: string;
}

/**
 * The Klarna payment dialog of docs/product/cart-and-checkout.md#klarna-dialog: the pay-now amount or the
 * pay-in-3 schedule, a note on secure
 * payment through the card provider and Klarna, Cancel, and the confirmation that leaves for Klarna (live:
 * Stripe.js confirmKlarnaPayment; demo: the shop's Klarna page).
 */
export function KlarnaStep({
  titleId,
  method,
  intent,
  publishableKey,
  buyer,
  onCancel,
  onClose,
}: KlarnaStepProps) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);
  const totalCents = eurosToCents(intent.amount);

  useEffect(() => {
    if (failure.length > 0) alertRef.current?.focus();
  }, [failure]);

  // Back from Klarna through the browser's history (the page restored as it was left): usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const registered = t('klarna.orderRegistered', {
    reference: intent.order_reference,
    phone: SHOP_INFO.phone,
    email: SHOP_INFO.email,
  });

  const errorMessage = (error: StripeErrorLike) => {
    if (error.type === 'validation_error') return t('klarna.validationError');
    if (error.type === 'card_error') return t('klarna.cardError');
    return error.message || t('klarna.genericError');
  };

  const confirm = async () => {
    setBusy(true);
    setFailure([]);
    if (intent.demo) {
      if (intent.demo_url) {
        browser.assign(withKlarnaOption(intent.demo_url, method));
        return;
      }
      setFailure([t('klarna.unavailable')]);
      setBusy(false);
      return;
    }
    try {
      // Stripe.js comes from js.stripe.com only now, when a live Klarna payment is confirmed.
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = publishableKey ? await loadStripe(publishableKey) : null;
      if (!stripe) {
        setFailure([t('klarna.unavailable')]);
        setBusy(false);
        return;
      }
      const result = await stripe.confirmKlarnaPayment(intent.client_secret, {
        payment_method: {
          billing_details: {
            email: buyer.email,
            name: buyer.name || KLARNA_DEFAULTS.customer_name,
            address: {
              country: 'IT',
              line1: buyer.line1 || KLARNA_DEFAULTS.line1,
              city: buyer.city || KLARNA_DEFAULTS.city,
              postal_code: buyer.postal_code || KLARNA_DEFAULTS.postal_code,
            },
          },
        },
        return_url: `${window.location.origin}/payment-success`,
      });
      // Without an error the browser is on its way to Klarna.
      if (result.error) {
        setFailure([errorMessage(result.error), registered]);
        setBusy(false);
      }
    } catch {
      setFailure([t('klarna.technicalError'), registered]);
      setBusy(false);
    }
  };

  return (
    <>
      <DialogHead titleId={titleId} title={t('klarna.title')} onClose={onClose} />
      <div className="cko-body" data-testid="klarna-dialog">
        {intent.demo && <p className="cko-notice cko-warning">{t('demo.stripe')}</p>}
        {failure.length > 0 && (
          <div ref={alertRef} className="cko-error" role="alert" tabIndex={-1}>
            {failure.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <dl className="cko-summary">
          <div>
            <dt>{t('klarna.reference')}</dt>
            <dd data-testid="klarna-reference">{intent.order_reference}</dd>
          </div>
          <div className="cko-summary-total">
            <dt>{t('klarna.total')}</dt>
            <dd data-testid="klarna-total">{formatCents(totalCents)}</dd>
          </div>
        </dl>
        {method === 'klarna' ? (
          <section aria-labelledby={`${titleId}-option`}>
            <h3 id={`${titleId}-option`} className="cko-subtitle">
              {t('klarna.payIn3Title')}
            </h3>
            <KlarnaSchedule totalCents={totalCents} />
          </section>
        ) : (
          <section aria-labelledby={`${titleId}-option`}>
            <h3 id={`${titleId}-option`} className="cko-subtitle">
              {t('klarna.payNowTitle')}
            </h3>
            <p data-testid="klarna-pay-now">{t('klarna.payNowText', { amount: formatCents(totalCents) })}</p>
          </section>
        )}
        <p className="cko-hint">{t('klarna.secureNote')}</p>
      </div>
      <div className="cko-actions">
        <button type="button" className="cko-secondary" onClick={onCancel} disabled={busy}>
          {t('klarna.cancel')}
        </button>
        <button
          type="button"
          className="cko-primary cko-klarna"
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? t('klarna.busy') : t('klarna.confirm')}
        </button>
      </div>
    </>
  );
}
