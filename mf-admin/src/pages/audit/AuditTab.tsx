import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditEntity, type AuditEntry } from '@edicola/contracts';
import { useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { LoadStatus } from '../../ui/LoadStatus';
import { useListParams } from '../../ui/useListParams';

const PAGE_SIZE = 50;

/** The filters in the address (Italian keys) and the query they make. */
const FILTERS = {
  chi: 'actor',
  azione: 'action',
  tipo: 'entity',
  codice: 'id',
  dal: 'from',
  al: 'to',
} as const;

const changesText = (entry: AuditEntry) =>
  Object.entries(entry.changes)
    .map(([field, change]) => `${field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`)
    .join('; ');

/**
 * Registro (admin only, docs/product/back-office.md#audit-trail): who changed what and when, in every service,
 * filtered by who, action, record type and its id (which order or article), and days; newest first, a page at
 * a time.
 */
export default function AuditTab() {
  const { t, i18n } = useTranslation('admin');
  const { api } = useAdmin();
  const { params, update } = useListParams();
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const query = Object.fromEntries(
    Object.entries(FILTERS).flatMap(([key, name]) => {
      const value = params.get(key);
      return value ? [[name, value]] : [];
    }),
  );
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.keys(FILTERS).map((key) => [key, params.get(key) ?? ''])),
  );
  const list = useLoad(
    (signal) => api.staff.audit({ ...query, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }, signal),
    `${params.toString()}`,
  );
  const entries = list.data?.slice(0, PAGE_SIZE);
  const more = (list.data?.length ?? 0) > PAGE_SIZE;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Rome',
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    update(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim() || null])));
  };
  const field = (key: keyof typeof FILTERS, label: string, type = 'text') => (
    <div className="adm-filter">
      <label htmlFor={`adm-audit-${key}`}>{label}</label>
      <input
        id={`adm-audit-${key}`}
        type={type}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('audit.heading')}</h2>
      </div>
      <form className="adm-filters" role="search" aria-label={t('audit.filters')} onSubmit={apply}>
        {field('chi', t('audit.who'))}
        {field('azione', t('audit.action'))}
        <div className="adm-filter">
          <label htmlFor="adm-audit-tipo">{t('audit.entity')}</label>
          <select
            id="adm-audit-tipo"
            value={draft.tipo}
            onChange={(event) => setDraft({ ...draft, tipo: event.target.value })}
          >
            <option value="">{t('audit.anyEntity')}</option>
            {AuditEntity.options.map((entity) => (
              <option key={entity} value={entity}>
                {t(`audit.entities.${entity}`)}
              </option>
            ))}
          </select>
        </div>
        {field('codice', t('audit.record'))}
        {field('dal', t('audit.from'), 'date')}
        {field('al', t('audit.to'), 'date')}
        <button type="submit" className="adm-button">
          {t('audit.apply')}
        </button>
      </form>
      <LoadStatus loaded={list} errorText={t('audit.loadError')} />
      {entries && entries.length === 0 && <p className="adm-empty">{t('audit.empty')}</p>}
      {entries && entries.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('audit.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('audit.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.entity')}</th>
                <th scope="col">{t('audit.record')}</th>
                <th scope="col">{t('audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td>{when.format(new Date(entry.occurred_at))}</td>
                  <td>{entry.actor?.username ?? t('audit.operator')}</td>
                  <td>{entry.action}</td>
                  <td>{t(`audit.entities.${entry.entity}`)}</td>
                  <td className="adm-audit-id">{entry.entity_id}</td>
                  <td className="adm-audit-changes">{changesText(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(page > 1 || more) && (
        <nav className="adm-pager" aria-label={t('common.pages')}>
          <button
            type="button"
            className="adm-button adm-button-light"
            disabled={page <= 1}
            onClick={() => update({ pagina: String(page - 1) })}
          >
            {t('common.previous')}
          </button>
          <span>{t('audit.page', { page })}</span>
          <button
            type="button"
            className="adm-button adm-button-light"
            disabled={!more}
            onClick={() => update({ pagina: String(page + 1) })}
          >
            {t('common.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
