import { useTranslation } from 'react-i18next';
import type { EbayReconciliation } from '@edicola/contracts';
import { failureText, formatDateTime, type Loaded } from '@edicola/web-kit';

/**
 * The hourly reconciliation's history (newest first): each run, how many listings it read back from eBay, and
 * each difference between eBay's quantity and the shop's with whether it was corrected.
 */
export function Reconciliations({
  runs,
  busy,
  onCheck,
}: {
  runs: Loaded<EbayReconciliation[]>;
  busy: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="adm-ebay-runs" aria-labelledby="adm-ebay-runs">
      <div className="adm-tab-head">
        <h3 id="adm-ebay-runs">{t('ebay.runs.title')}</h3>
        <button type="button" className="adm-button adm-button-light" disabled={busy} onClick={onCheck}>
          {t('ebay.runs.check')}
        </button>
      </div>
      <p className="adm-muted">{t('ebay.runs.intro')}</p>
      {runs.error !== null && (
        <p className="adm-error" role="alert">
          {failureText(runs.error, t('ebay.runs.loadError'))}
        </p>
      )}
      {runs.data?.length === 0 && (
        <div className="adm-empty">
          <p>{t('ebay.runs.none')}</p>
        </div>
      )}
      {runs.data?.map((run) => (
        <article key={run.id} className="adm-ebay-run" data-testid="ebay-run">
          <h4>
            {formatDateTime(run.started_at)} ·{' '}
            {run.finished_at ? t('ebay.runs.checkedN', { n: run.checked }) : t('ebay.runs.running')}
          </h4>
          {run.error && (
            <p className="adm-error" role="note">
              {run.error}
            </p>
          )}
          {run.differences.length === 0 ? (
            run.finished_at && !run.error && <p className="adm-muted">{t('ebay.runs.noDifferences')}</p>
          ) : (
            <div
              className="adm-table-wrap"
              role="region"
              aria-label={t('ebay.runs.differences')}
              tabIndex={0}
            >
              <table className="adm-table">
                <caption className="adm-visually-hidden">{t('ebay.runs.differences')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ebay.runs.article')}</th>
                    <th scope="col">{t('ebay.runs.onEbay')}</th>
                    <th scope="col">{t('ebay.runs.expected')}</th>
                    <th scope="col">{t('ebay.runs.corrected')}</th>
                  </tr>
                </thead>
                <tbody>
                  {run.differences.map((d) => (
                    <tr key={d.article_id} data-testid="ebay-difference">
                      <td>
                        {d.title} <span className="adm-muted">({d.sku})</span>
                      </td>
                      <td>{d.quantity_on_ebay ?? t('ebay.runs.missing')}</td>
                      <td>{d.expected}</td>
                      <td>
                        {d.corrected ? (
                          <span className="adm-badge adm-badge-ok">{t('common.yes')}</span>
                        ) : (
                          <span className="adm-badge adm-badge-danger">{t('common.no')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
