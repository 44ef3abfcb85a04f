import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CUSTOMER_TOKEN_KEY,
  eurosToCents,
  orderPagePath,
  orderReference,
  SHOP_INFO,
} from '@edicola/contracts';
import { openOrder } from '../openOrder';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { formatCents } from '@edicola/web-kit';

/**
 * Where 'I miei ordini' leads once an order is paid (docs/product/cart-and-checkout.md#success-page): a signed-in
 * customer to /profilo, a guest to the order's page with the token this checkout kept for the order
 * (openOrder.ts); null when a guest's token is gone (the order's e-mails carry the link). Read it before the open
 * order is forgotten.
 */
export function ordersLinkAfterPayment(orderId: string): string | null {
  let signedIn = false;
  try {
    signedIn = Boolean(window.localStorage.getItem(CUSTOMER_TOKEN_KEY));
  } catch {
    // No storage: a guest.
  }
  if (signedIn) return '/profilo';
  const open = openOrder();
  return open?.order_id === orderId ? orderPagePath(orderId, open.cancel_token) : null;
}

/** A payment page's frame: its heading (focused when the page changes state), then its content. */
export function PaymentPage({
  title,
  tone = 'info',
  children,
  focusKey,
}: {
  title: string;
  tone?: 'info' | 'success' | 'problem';
  children: ReactNode;
  /** The heading takes the focus again whenever this changes (a result arrived). */
  focusKey?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey) heading.current?.focus();
  }, [focusKey]);
  return (
    <section className={`cko-page cko-page-${tone}`} aria-labelledby="cko-page-title">
      <h1 id="cko-page-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A waiting message with a spinner, read out by screen readers. */
export function Waiting({ text }: { text: string }) {
  return (
    <div className="cko-page-waiting" role="status" data-testid="payment-waiting">
      <span className="cko-spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/**
 * Where to call or write for help (docs/product/cart-and-checkout.md#messages: the problem messages carry the
 * shop's contacts).
 */
export function ContactLine() {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  return (
    <p className="cko-page-contact" data-testid="payment-contact">
      {t('pages.contact', { phone: SHOP_INFO.phone, email: SHOP_INFO.email })}
    </p>
  );
}

/** The paid order: reference (docs/product/constants.md#order-reference), total and the status 'Pagato'. */
export function PaidSummary({ orderId, total }: { orderId: string; total: number }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  return (
    <dl className="cko-summary cko-page-summary" data-testid="payment-summary">
      <div>
        <dt>{t('pages.reference')}</dt>
        <dd data-testid="payment-reference">{orderReference(orderId)}</dd>
      </div>
      <div>
        <dt>{t('pages.total')}</dt>
        <dd data-testid="payment-total">{formatCents(eurosToCents(total))}</dd>
      </div>
      <div>
        <dt>{t('pages.status')}</dt>
        <dd data-testid="payment-status">
          <span className="cko-badge-paid">{t('pages.paid')}</span>
        </dd>
      </div>
    </dl>
  );
}

/** The page's way on: links styled as buttons. */
export function PageLinks({
  links,
}: {
  links: { to: string; label: string; primary?: boolean; onClick?: () => void }[];
}) {
  return (
    <div className="cko-page-actions">
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={link.primary ? 'cko-primary' : 'cko-secondary'}
          onClick={link.onClick}
        >
          {link.label}
        </Link>
      ))}
    </div>
  );
}
