import { useState } from 'react';
import type { PaymentResetPreview } from '@edicola/contracts';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatShortDate, formatEuro, useLoad } from '@edicola/web-kit';
import { BarChart, change } from './BarChart';

/** The word the payment data reset asks to be typed (docs/product/back-office.md#payment-data-reset). */
export const RESET_WORD = 'ELIMINA';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the reset will delete, listed inside its confirmation: the counts per kind, then order by order. */
function ResetPreviewList({ preview }: { preview: PaymentResetPreview }) {
  const { t } = useTranslation('admin');
  if (preview.total_orders === 0) return <p className="adm-empty">{t('stats.resetNothing')}</p>;
  return (
    <div className="adm-reset-preview">
      <p>{t('stats.resetWillDelete', { n: preview.total_orders })}</p>
      <ul>
        {Object.entries(preview.counts)
          .filter(([, n]) => n > 0)
          .map(([kind, n]) => (
            <li key={kind}>
              {t(`stats.resetKinds.${kind}`)}: {n}
            </li>
          ))}
      </ul>
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">{t('stats.resetColumns.reference')}</th>
            <th scope="col">{t('stats.resetColumns.date')}</th>
            <th scope="col">{t('stats.resetColumns.customer')}</th>
            <th scope="col">{t('stats.resetColumns.total')}</th>
            <th scope="col">{t('stats.resetColumns.kind')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.orders.map((order) => (
            <tr key={order.id}>
              <td>{order.reference}</td>
              <td>{formatShortDate(order.created_at)}</td>
              <td>{order.customer_name}</td>
              <td>{formatEuro(order.total)}</td>
              <td>{t(`stats.resetKinds.${order.kind}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Statistiche: visits and payments (docs/product/back-office.md#stats-tab), with charts, and the admin's
 * reset of test payment data.
 */
export default function StatsTab() {
  const { t } = useTranslation('admin');
  const { api, isAdmin, refreshCounts } = useAdmin();
  const visits = useLoad((signal) => api.analytics.visits(signal), 'visits');
  const payments = useLoad((signal) => api.analytics.payments(signal), 'payments');
  const demand = useLoad((signal) => api.articles.waitingAlerts(signal), 'stock-alerts');
  const banner = useBanner();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PaymentResetPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  // The list is asked afresh each time the confirmation opens; the server applies the same rule when deleting.
  const openReset = async () => {
    setPreview(null);
    setPreviewError(null);
    setConfirming(true);
    try {
      setPreview(await api.analytics.resetPreview());
    } catch (failure) {
      setPreviewError(messageOf(failure));
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      const answer = await api.analytics.resetPaymentData();
      banner.show('success', t('stats.resetDone', { n: answer.deleted_orders }));
      payments.reload();
      refreshCounts();
    } catch (failure) {
      banner.show('error', t('stats.resetError', { message: messageOf(failure) }));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const v = visits.data;
  const p = payments.data;
  const methodName = (method: string) => t(`stats.methods.${method}`, { defaultValue: method });

  return (
    <section aria-labelledby="adm-tab-title">
      <h2 id="adm-tab-title">{t('stats.heading')}</h2>
      <Banner message={banner.message} onClose={banner.clear} />

      <h3>{t('stats.visits')}</h3>
      {visits.error !== null && (
        <p className="adm-error" role="alert">
          {t('stats.loadError', { message: messageOf(visits.error) })}
        </p>
      )}
      {v && (
        <>
          <dl className="adm-figures">
            <div>
              <dt>{t('stats.totalVisits')}</dt>
              <dd>{v.total_visits}</dd>
            </div>
            <div>
              <dt>{t('stats.uniqueVisitors')}</dt>
              <dd>{v.unique_visitors}</dd>
            </div>
            <div>
              <dt>{t('stats.today')}</dt>
              <dd>{v.today_visits}</dd>
            </div>
            <div>
              <dt>{t('stats.thisWeek')}</dt>
              <dd>{v.this_week_visits}</dd>
            </div>
            <div>
              <dt>{t('stats.last7')}</dt>
              <dd>
                {v.last_7_days_visits}{' '}
                <small>
                  {t('stats.versus', {
                    change: change(v.last_7_days_visits, v.previous_7_days_visits),
                    previous: v.previous_7_days_visits,
                  })}
                </small>
              </dd>
            </div>
          </dl>
          <figure className="adm-figure">
            <figcaption>{t('stats.visitsByDay')}</figcaption>
            <BarChart
              summary={v.visits_by_day.map((d) => `${d.date}: ${d.visits}`).join(', ')}
              bars={v.visits_by_day.map((d) => ({
                label: d.date.slice(8, 10) + '/' + d.date.slice(5, 7),
                value: d.visits,
              }))}
            />
          </figure>
          <div className="adm-columns">
            <table className="adm-table">
              <caption>{t('stats.topPages')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stats.page')}</th>
                  <th scope="col">{t('stats.visitsColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {v.popular_pages.map((page) => (
                  <tr key={page.page}>
                    <td>{page.page}</td>
                    <td>{page.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="adm-table">
              <caption>{t('stats.topCountries')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stats.country')}</th>
                  <th scope="col">{t('stats.visitsColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {v.visits_by_country.map((country) => (
                  <tr key={country.country_code}>
                    <td>
                      {country.country} ({country.country_code})
                    </td>
                    <td>{country.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PeriodTable
            testId="units-by-channel"
            caption={t('stats.unitsByChannel')}
            firstColumn={t('stats.channel')}
            rows={v.units_by_channel.map((c) => ({
              key: c.channel,
              label: t(`stats.channels.${c.channel}`),
              month: `${t('stats.units', { count: c.month_units })}${c.month_amount === null ? '' : ` · ${formatEuro(c.month_amount)}`}`,
              year: t('stats.units', { count: c.year_units }),
            }))}
          />
        </>
      )}

      <h3>{t('stats.demand')}</h3>
      {demand.error !== null && (
        <p className="adm-error" role="alert">
          {t('stats.loadError', { message: messageOf(demand.error) })}
        </p>
      )}
      {demand.data && (
        <>
          <dl className="adm-figures">
            <div>
              <dt>{t('stats.demandTotal')}</dt>
              <dd>{demand.data.total}</dd>
            </div>
          </dl>
          {demand.data.articles.length > 0 && (
            <table className="adm-table" data-testid="stock-alert-demand">
              <caption>{t('stats.demandByArticle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('articles.fields.title')}</th>
                  <th scope="col">{t('stats.demandWaiting')}</th>
                </tr>
              </thead>
              <tbody>
                {demand.data.articles.slice(0, 10).map((a) => (
                  <tr key={a.article_id}>
                    <td>{a.title}</td>
                    <td>{a.waiting}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      <h3>{t('stats.payments')}</h3>
      {payments.error !== null && (
        <p className="adm-error" role="alert">
          {t('stats.paymentsError', { message: messageOf(payments.error) })}
        </p>
      )}
      {p && (
        <>
          <dl className="adm-figures">
            <div>
              <dt>
                {t('stats.month', { month: String(p.current_month).padStart(2, '0'), year: p.current_year })}
              </dt>
              <dd data-testid="revenue-month">
                {formatEuro(p.total_revenue_this_month)}{' '}
                <small>
                  {t('stats.orders', { count: p.total_orders_this_month })} ·{' '}
                  {t('stats.versusMonth', {
                    change: change(p.total_revenue_this_month, p.total_revenue_previous_month),
                    previous: formatEuro(p.total_revenue_previous_month),
                  })}
                </small>
              </dd>
            </div>
            <div>
              <dt>{t('stats.year', { year: p.current_year })}</dt>
              <dd>
                {formatEuro(p.total_revenue_this_year)}{' '}
                <small>{t('stats.orders', { count: p.total_orders_this_year })}</small>
              </dd>
            </div>
          </dl>
          {(p.demo_payments.monthly_count > 0 || p.demo_payments.yearly_count > 0) && (
            <p data-testid="demo-payments">
              <small>
                {t('stats.demo', {
                  monthCount: p.demo_payments.monthly_count,
                  monthAmount: formatEuro(p.demo_payments.monthly_amount),
                  yearCount: p.demo_payments.yearly_count,
                  yearAmount: formatEuro(p.demo_payments.yearly_amount),
                })}
              </small>
            </p>
          )}
          <figure className="adm-figure">
            <figcaption>{t('stats.revenueByDay')}</figcaption>
            <BarChart
              summary={t('stats.revenueSummary', {
                total: formatEuro(p.total_revenue_this_month),
                previous: formatEuro(p.total_revenue_previous_month),
              })}
              format={formatEuro}
              bars={p.revenue_by_day.map((d) => ({
                label: String(d.day),
                value: d.amount,
                previous: d.previous_amount,
              }))}
            />
          </figure>
          {p.payment_methods.length === 0 ? (
            <p className="adm-empty">{t('stats.noPayments')}</p>
          ) : (
            <>
              <figure className="adm-figure">
                <figcaption>{t('stats.byMethod')}</figcaption>
                <BarChart
                  summary={p.payment_methods
                    .map((m) => `${methodName(m.payment_method)}: ${formatEuro(m.yearly_amount)}`)
                    .join(', ')}
                  format={formatEuro}
                  bars={p.payment_methods.map((m) => ({
                    label: methodName(m.payment_method),
                    value: m.yearly_amount,
                  }))}
                />
              </figure>
              <PeriodTable
                testId="stats-by-channel"
                caption={t('stats.byChannel')}
                firstColumn={t('stats.channel')}
                rows={p.by_channel.map((c) => ({
                  key: c.channel,
                  label: t(`stats.channels.${c.channel}`),
                  month: `${c.monthly_count} · ${formatEuro(c.monthly_amount)}`,
                  year: `${c.yearly_count} · ${formatEuro(c.yearly_amount)}`,
                }))}
              />
              <PeriodTable
                caption={t('stats.byMethod')}
                captionHidden
                firstColumn={t('stats.method')}
                rows={p.payment_methods.map((m) => ({
                  key: m.payment_method,
                  label: methodName(m.payment_method),
                  month: `${m.monthly_count} · ${formatEuro(m.monthly_amount)}`,
                  year: `${m.yearly_count} · ${formatEuro(m.yearly_amount)}`,
                }))}
              />
            </>
          )}
        </>
      )}

      {isAdmin && (
        <div className="adm-danger-zone">
          <h3>{t('stats.resetTitle')}</h3>
          <p>{t('stats.resetIntro')}</p>
          <button type="button" className="adm-button adm-button-danger" onClick={() => void openReset()}>
            {t('stats.reset')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('stats.resetTitle')}
          message={t('stats.resetConfirm')}
          confirmLabel={t('stats.reset')}
          word={RESET_WORD}
          busy={busy}
          blocked={!preview || preview.total_orders === 0}
          onConfirm={reset}
          onCancel={() => setConfirming(false)}
        >
          {previewError !== null ? (
            <p className="adm-error" role="alert">
              {t('stats.resetPreviewError', { message: previewError })}
            </p>
          ) : preview ? (
            <ResetPreviewList preview={preview} />
          ) : (
            <p>{t('common.loading')}</p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A table of figures this month and this year, one row per method or channel. */
function PeriodTable({
  caption,
  captionHidden = false,
  firstColumn,
  rows,
  testId,
}: {
  caption: string;
  captionHidden?: boolean;
  firstColumn: string;
  rows: { key: string; label: string; month: string; year: string }[];
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <table className="adm-table" data-testid={testId}>
      <caption className={captionHidden ? 'adm-visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{firstColumn}</th>
          <th scope="col">{t('stats.monthColumn')}</th>
          <th scope="col">{t('stats.yearColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.label}</td>
            <td>{row.month}</td>
            <td>{row.year}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
