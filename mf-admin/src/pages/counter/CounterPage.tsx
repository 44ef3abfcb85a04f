import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CounterArticle, CounterSale } from '@edicola/contracts';
import { ApiError, failureText, formatDateTime, formatEuro, usePageTitle, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { useOnline } from '../../frame/counterApp';
import { newIdempotencyKey } from '../../api/pos';
import { RowButton } from '../../ui/RowButton';
import { Closure } from './Closure';
import { DemoRtDialog } from './DemoRtDialog';
import { PaymentBox } from './PaymentBox';
import { SaleDialog } from './SaleDialog';
import { SaleSummary } from './SaleSummary';
import { SaleTable } from './SaleTable';
import { ScanBox } from './ScanBox';
import {
  addUnit,
  emptyPayment,
  isRefusal,
  paymentState,
  saleRequest,
  saleTotal,
  setQuantity,
  type Refusal,
  type SaleLine,
} from './sale';

/** The refusal of an article, in words that name it. */
export function refusalText(t: TFunction<'admin'>, refusal: Refusal, title: string): string {
  switch (refusal.kind) {
    case 'inactive':
      return t('counter.refused.inactive', { title });
    case 'soldOut':
      return t('counter.refused.soldOut', { title });
    case 'held':
      return t('counter.refused.held', { title, n: refusal.held });
    case 'noMore':
      return t('counter.refused.noMore', { title, n: refusal.available });
    case 'maxUnits':
      return t('counter.refused.maxUnits');
  }
}

/**
 * /gestione/cassa, the counter (docs/product/counter.md#counter-screen): one field for the scanner, the sale's
 * lines, the payment, the receipt; the day's sales with their returns, and the day's closure. Made for a 1024 px
 * tablet and a phone; every action works from the keyboard (F2 search, F9 conclude the sale).
 */
export default function CounterPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('counter.title'));
  const { api } = useAdmin();
  const status = useLoad((signal) => api.pos.status(signal), 'pos-status');
  const today = useLoad((signal) => api.pos.sales(undefined, signal), 'pos-sales');
  const search = useRef<HTMLInputElement>(null);
  const [lines, setLinesState] = useState<SaleLine[]>([]);
  // The lines as last set: scans answered one after another (a scanner is faster than the API) each add to the
  // sale as it is by then, not as it was when their lookup started.
  const current = useRef<SaleLine[]>([]);
  const setLines = (next: SaleLine[]) => {
    current.current = next;
    setLinesState(next);
  };
  const [payment, setPayment] = useState(emptyPayment);
  const [message, setMessage] = useState<string | null>(null);
  const [last, setLast] = useState<CounterSale | null>(null);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<CounterSale | null>(null);
  const [paper, setPaper] = useState(false);
  const total = saleTotal(lines);
  const paid = paymentState(total, payment);
  const ready = lines.length > 0 && paid.payments !== null && !busy;
  const mode = status.data?.rt_mode;
  const online = useOnline();

  const focusSearch = () => search.current?.focus();
  useEffect(focusSearch, []);

  const apply = (next: SaleLine[] | Refusal, title: string) => {
    if (isRefusal(next)) return setMessage(refusalText(t, next, title));
    setMessage(null);
    setLines(next);
  };

  const found = (article: CounterArticle) => {
    setLast(null);
    apply(addUnit(current.current, article), article.title);
  };

  const conclude = useCallback(async () => {
    if (!ready || !paid.payments) return;
    const request = saleRequest(lines, paid.payments);
    // A retry of the same sale (a time-out, a double press) keeps its key: one sale on the server.
    const body = JSON.stringify(request);
    const key = attempt?.body === body ? attempt.key : newIdempotencyKey();
    setAttempt({ body, key });
    setBusy(true);
    setMessage(null);
    try {
      const sale = await api.pos.createSale(request, key);
      setLast(sale);
      setLines([]);
      setPayment(emptyPayment());
      setAttempt(null);
      today.reload();
      status.reload();
      focusSearch();
    } catch (failure) {
      // A 409 (sold out or held meanwhile) names the article: the sale stays on screen to be mended.
      setMessage(failureText(failure, t('counter.saleError')));
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) setAttempt(null);
    } finally {
      setBusy(false);
    }
  }, [ready, paid.payments, lines, attempt, api, today, status, t]);

  // F2: back to the search field; F9: conclude the sale.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F2') {
        event.preventDefault();
        focusSearch();
      } else if (event.key === 'F9') {
        event.preventDefault();
        void conclude();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [conclude]);

  const sales = today.data?.sales ?? [];

  return (
    <section className="adm-counter" aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('counter.title')}</h2>
        {mode === 'demo' && (
          <button type="button" className="adm-button adm-button-light" onClick={() => setPaper(true)}>
            {t('counter.rt.demoOpen')}
          </button>
        )}
      </div>
      {!online && (
        <p className="adm-error adm-offline" role="alert">
          {t('counter.offline')}
        </p>
      )}
      {mode === 'off' && (
        <p className="adm-warn adm-rt-off" role="status">
          {t('counter.rt.off')}
        </p>
      )}
      {mode === 'demo' && <p className="adm-muted">{t('counter.rt.demo')}</p>}
      {status.data && status.data.printing > 0 && (
        <p className="adm-warn" role="status">
          {t('counter.rt.printing', { n: status.data.printing })}
        </p>
      )}
      {status.error !== null && (
        <p className="adm-error" role="alert">
          {failureText(status.error, t('counter.loadError'))}
        </p>
      )}

      <div className="adm-counter-grid">
        <div className="adm-counter-sale">
          <ScanBox ref={search} onFound={found} onMessage={setMessage} />
          <div aria-live="assertive">
            {message && (
              <p className="adm-error" role="alert">
                {message}
              </p>
            )}
          </div>
          <SaleTable
            lines={lines}
            mayChangePrices={status.data?.may_change_prices ?? false}
            onQuantity={(id, quantity) =>
              apply(
                setQuantity(lines, id, quantity),
                lines.find((l) => l.article.id === id)?.article.title ?? '',
              )
            }
            onRemove={(id) => {
              setLines(lines.filter((line) => line.article.id !== id));
              focusSearch();
            }}
            onPrice={(id, price, reason) =>
              setLines(
                lines.map((l) => (l.article.id === id ? { ...l, unitPrice: price, priceReason: reason } : l)),
              )
            }
          />
        </div>
        <div className="adm-counter-pay">
          {lines.length > 0 && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void conclude();
              }}
            >
              <PaymentBox total={total} draft={payment} state={paid} onChange={setPayment} />
              <button type="submit" className="adm-button adm-button-big" disabled={!ready}>
                {busy ? t('counter.concluding') : t('counter.conclude')}
              </button>
            </form>
          )}
          {last && <SaleSummary sale={last} onUpdated={setLast} />}
          <p className="adm-muted adm-shortcuts">{t('counter.shortcuts')}</p>
        </div>
      </div>

      <section className="adm-counter-today" aria-labelledby="adm-today-title">
        <h3 id="adm-today-title">{t('counter.today')}</h3>
        {today.error !== null && (
          <p className="adm-error" role="alert">
            {failureText(today.error, t('counter.loadError'))}
          </p>
        )}
        {today.data && sales.length === 0 && <p className="adm-muted">{t('counter.noSales')}</p>}
        {sales.length > 0 && (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <caption className="adm-visually-hidden">{t('counter.today')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('counter.time')}</th>
                  <th scope="col">{t('counter.reference')}</th>
                  <th scope="col">{t('counter.receipt')}</th>
                  <th scope="col">{t('counter.total')}</th>
                  <th scope="col">{t('counter.statusLabel')}</th>
                  <th scope="col">
                    <span className="adm-visually-hidden">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.map((sale) => (
                  <tr key={sale.id}>
                    <td>{formatDateTime(sale.created_at)}</td>
                    <td>{sale.reference}</td>
                    <td>{sale.receipt.document_number ?? '—'}</td>
                    <td>
                      {formatEuro(sale.total)}
                      {sale.refunded > 0 && (
                        <span className="adm-muted">
                          {' '}
                          ({t('counter.refunded', { amount: formatEuro(sale.refunded) })})
                        </span>
                      )}
                    </td>
                    <td>{t(`counter.status.${sale.status}`)}</td>
                    <td>
                      <RowButton
                        label={t('counter.openSale')}
                        of={sale.reference}
                        onClick={() => setOpened(sale)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Closure
        sales={sales}
        lastClosureAt={status.data?.last_closure_at ?? null}
        onClosed={() => {
          status.reload();
          today.reload();
        }}
      />

      {opened && (
        <SaleDialog
          sale={opened}
          onChanged={(sale) => {
            setOpened(sale);
            today.reload();
          }}
          onClose={() => {
            setOpened(null);
            focusSearch();
          }}
        />
      )}
      {paper && <DemoRtDialog onClose={() => setPaper(false)} />}
    </section>
  );
}
