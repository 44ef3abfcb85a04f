import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DemoPaymentKind, eurosToCents, type DemoPaymentView } from '@edicola/contracts';
import { ApiError, formatCents, usePageTitle } from '@edicola/web-kit';
import type { CheckoutApi } from '../api';
import { KlarnaSchedule } from '../ui/KlarnaSchedule';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { browser } from '../payments';
import { PaymentPage, Waiting } from './common';

type State =
  { kind: 'loading' } | { kind: 'ready'; view: DemoPaymentView } | { kind: 'error'; message: string };

/**
 * /pagamento-demo?kind=card|klarna|paypal&id=.. : the shop's stand-in for the provider's hosted page when a
 * provider runs in demo mode. Clearly marked DEMO; approving or declining goes through the same server
 * changes as the real provider, then the browser goes where the provider would send it.
 */
export function DemoPaymentPage({ api, search }: { api: CheckoutApi; search: URLSearchParams }) {
  const { t } = useTranslation(PAYMENT_NAMESPACE);
  usePageTitle(t('pages.titles.demo'));
  const parsedKind = DemoPaymentKind.safeParse(search.get('kind'));
  const kind = parsedKind.success ? parsedKind.data : null;
  const id = search.get('id')?.trim() ?? '';
  const payNow = search.get('option') === 'now';
  const [state, setState] = useState<State>(() =>
    kind && id ? { kind: 'loading' } : { kind: 'error', message: t('pages.demo.invalid') },
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [round, setRound] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);

  // Back here through the browser's history (the page restored as it was left): read the payment again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      setRound((n) => n + 1);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  useEffect(() => {
    if (!kind || !id) return;
    const controller = new AbortController();
    api.demoPayment(kind, id, controller.signal).then(
      (view) => setState({ kind: 'ready', view }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'error',
          message:
            error instanceof ApiError && error.status === 404
              ? t('pages.demo.notFound')
              : t('pages.demo.error'),
        });
      },
    );
    return () => controller.abort();
  }, [api, kind, id, t, round]);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const decide = async (decision: 'approve' | 'decline') => {
    if (!kind || busy) return;
    setBusy(true);
    setFailure('');
    try {
      const { redirect_url } = await api.decideDemoPayment(kind, id, decision);
      browser.assign(redirect_url);
    } catch (error) {
      setFailure(error instanceof ApiError && error.detail ? error.detail : t('pages.demo.error'));
      setBusy(false);
    }
  };

  const title = kind ? t(`pages.demo.kinds.${kind}`) : t('pages.titles.demo');
  const banner = (
    <p className="cko-demo-banner" data-testid="demo-banner">
      <strong className="cko-demo-badge">{t('pages.demo.badge')}</strong> {t('pages.demo.note')}
    </p>
  );

  if (state.kind !== 'ready') {
    return (
      <PaymentPage title={title}>
        {banner}
        {state.kind === 'loading' ? (
          <Waiting text={t('pages.demo.loading')} />
        ) : (
          <>
            <div role="alert" data-testid="payment-problem">
              <p>{state.message}</p>
            </div>
            <p>
              <Link to="/">{t('pages.demo.back')}</Link>
            </p>
          </>
        )}
      </PaymentPage>
    );
  }

  const { view } = state;
  const amountCents = eurosToCents(view.amount);
  return (
    <div className={`cko-demo cko-demo-${view.kind}`}>
      <PaymentPage title={title}>
        {banner}
        {view.kind === 'paypal' && (
          <p className="cko-paypal-brand" aria-hidden="true">
            {t('pages.demo.paypalBrand')}
          </p>
        )}
        <dl className="cko-summary cko-page-summary">
          <div>
            <dt>{t('pages.demo.reference')}</dt>
            <dd data-testid="demo-reference">{view.order_reference}</dd>
          </div>
          {view.customer_email && (
            <div>
              <dt>{t('pages.demo.email')}</dt>
              <dd>{view.customer_email}</dd>
            </div>
          )}
          <div className="cko-summary-total">
            <dt>{t('pages.demo.amount')}</dt>
            <dd data-testid="demo-amount">{formatCents(amountCents)}</dd>
          </div>
        </dl>
        {view.lines.length > 0 && (
          <table className="cko-demo-lines">
            <caption>{t('pages.demo.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pages.demo.article')}</th>
                <th scope="col">{t('pages.demo.quantity')}</th>
                <th scope="col">{t('pages.demo.lineAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {view.lines.map((line, index) => (
                <tr key={`${line.name}-${index}`} data-testid="demo-line">
                  <th scope="row">{line.name}</th>
                  <td>{line.quantity}</td>
                  <td>{formatCents(eurosToCents(line.amount))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {view.kind === 'card' && <p className="cko-hint">{t('pages.demo.cardText')}</p>}
        {view.kind === 'klarna' &&
          (payNow ? (
            <p data-testid="klarna-pay-now">
              {t('pages.demo.klarnaNow', { amount: formatCents(amountCents) })}
            </p>
          ) : (
            <KlarnaSchedule totalCents={amountCents} />
          ))}
        {view.kind === 'paypal' && (
          <div className="cko-paypal-summary">
            {view.customer_email && <p>{t('pages.demo.paypalAccount', { email: view.customer_email })}</p>}
            <p>{t('pages.demo.paypalText')}</p>
          </div>
        )}
        {failure && (
          <div ref={alertRef} className="cko-error" role="alert" tabIndex={-1}>
            {failure}
          </div>
        )}
        {view.status === 'open' ? (
          <div className="cko-page-actions">
            <button
              type="button"
              className={view.kind === 'paypal' ? 'cko-paypal' : 'cko-primary'}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void decide('approve')}
            >
              {busy
                ? t('pages.demo.busy')
                : view.kind === 'paypal'
                  ? t('pages.demo.approve')
                  : t('pages.demo.pay')}
            </button>
            <button
              type="button"
              className="cko-secondary"
              disabled={busy}
              onClick={() => void decide('decline')}
            >
              {t('pages.demo.decline')}
            </button>
          </div>
        ) : (
          <>
            <div role="status" data-testid="demo-decided">
              <p>{t(`pages.demo.decided.${view.status}`)}</p>
            </div>
            <p>
              <Link to="/">{t('pages.demo.back')}</Link>
            </p>
          </>
        )}
      </PaymentPage>
    </div>
  );
}
