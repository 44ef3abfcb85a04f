import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARTICLE_SORTS,
  CATEGORIES,
  ProductType,
  type AdminArticle,
  type AdminArticleQuery,
} from '@edicola/contracts';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { failureText, formatShortDate, formatEuro, useLoad } from '@edicola/web-kit';
import { FilterBar, SelectFilter } from '../../ui/filters';
import { Pager } from '../../ui/Pager';
import { useListParams } from '../../ui/useListParams';
import { RowButton } from '../../ui/RowButton';
import type { ArticleDialogMode } from './ArticleDialog';
import { attributeSummary } from './attributeLabels';
import { ExternalSaleDialog } from './ExternalSaleDialog';
import { LinkPanel } from './LinkPanel';

// The form, its photos and attributes: a chunk of its own, loaded when staff open it (bench/README.md).
const ArticleDialog = lazy(() => import(/* webpackChunkName: "article-dialog" */ './ArticleDialog'));

export type ArticleListKind = 'all' | 'prevendita' | 'prenotazione';

const PAGE_SIZE = 20;
type Sort = (typeof ARTICLE_SORTS)[number];

/** The list's state in the address, so a reload or a shared link shows the same view. */
function queryOf(params: URLSearchParams, kind: ArticleListKind): AdminArticleQuery {
  const sort = params.get('ordina');
  const type = params.get('tipo');
  return {
    q: params.get('q') ?? undefined,
    category: params.get('categoria') ?? undefined,
    type:
      kind === 'all' && ProductType.options.includes(type as ProductType) ? (type as ProductType) : undefined,
    active: params.get('attivo') === 'si' ? 'true' : params.get('attivo') === 'no' ? 'false' : undefined,
    low_stock: params.get('scorta') === 'bassa' ? 'true' : undefined,
    sort: ARTICLE_SORTS.includes(sort as Sort) ? (sort as Sort) : 'date',
    order: params.get('verso') === 'asc' ? 'asc' : params.get('verso') === 'desc' ? 'desc' : undefined,
    page: Math.max(1, Number(params.get('pagina')) || 1),
    page_size: PAGE_SIZE,
  };
}

/** Articoli, Prevendita and Prenotazione: one list, filtered by type for the last two. */
export default function ArticlesTab({ kind }: { kind: ArticleListKind }) {
  const { t } = useTranslation('admin');
  const { api, isAdmin, readOnly, mediaBaseUrl, refreshCounts } = useAdmin();
  const { params, setParams, update } = useListParams();
  const query = queryOf(params, kind);
  const list = useLoad((signal) => api.articles.list(kind, query, signal), `${kind}?${params.toString()}`);
  // The demand of back-in-stock alerts (docs/product/stock-alerts.md#demand); the list shows without it.
  const alerts = useLoad((signal) => api.articles.waitingAlerts(signal), 'stock-alerts');
  const waiting = new Map(alerts.data?.articles.map((a) => [a.article_id, a.waiting]));
  const banner = useBanner();
  const [dialog, setDialog] = useState<ArticleDialogMode | null>(null);
  const [linked, setLinked] = useState<AdminArticle | null>(null);
  // One instance serves Articoli, Prevendita and Prenotazione: the link panel closes when staff change tab.
  const [linkedKind, setLinkedKind] = useState(kind);
  if (linkedKind !== kind) {
    setLinkedKind(kind);
    setLinked(null);
  }
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);
  const [soldElsewhere, setSoldElsewhere] = useState<AdminArticle | null>(null);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState(query.q ?? '');

  const changed = () => {
    list.reload();
    refreshCounts();
  };

  const toggleActive = async (article: AdminArticle) => {
    try {
      await api.articles.setActive(article.id, !article.is_active);
      changed();
    } catch (failure) {
      banner.show('error', failureText(failure, t('articles.saveError')));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.articles.remove(deleting.id);
      banner.show('success', t('articles.deleted'));
      changed();
    } catch (failure) {
      banner.show('error', failureText(failure, t('articles.deleteError')));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const filtered = Boolean(query.q || query.category || query.type || query.active || query.low_stock);
  const page = list.data;
  const media = mediaBaseUrl.replace(/\/$/, '');

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t(`articles.heading.${kind}`)}</h2>
        {!readOnly && (
          <button type="button" className="adm-button" onClick={() => setDialog({ kind: 'new' })}>
            {t('articles.new')}
          </button>
        )}
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      {linked && <LinkPanel article={linked} onClose={() => setLinked(null)} />}

      <FilterBar
        id="adm-articles-q"
        label={t('articles.search')}
        search={search}
        onSearchChange={setSearch}
        onSearch={(q) => update({ q })}
      >
        <SelectFilter
          id="adm-articles-category"
          label={t('articles.fields.category')}
          value={query.category}
          options={CATEGORIES.map((c) => [c.name, c.name] as const)}
          onChange={(categoria) => update({ categoria })}
        />
        {kind === 'all' && (
          <SelectFilter
            id="adm-articles-type"
            label={t('articles.fields.type')}
            value={query.type}
            options={ProductType.options.map((type) => [type, t(`articles.types.${type}`)] as const)}
            onChange={(tipo) => update({ tipo })}
          />
        )}
        <SelectFilter
          id="adm-articles-active"
          label={t('articles.fields.is_active')}
          value={params.get('attivo')}
          options={[
            ['si', t('common.yes')],
            ['no', t('common.no')],
          ]}
          onChange={(attivo) => update({ attivo })}
        />
        <label className="adm-check">
          <input
            type="checkbox"
            checked={query.low_stock === 'true'}
            onChange={(e) => update({ scorta: e.target.checked ? 'bassa' : null })}
          />
          {t('articles.lowStockOnly')}
        </label>
        <SelectFilter
          id="adm-articles-sort"
          label={t('articles.sort')}
          value={query.sort}
          allLabel={null}
          options={ARTICLE_SORTS.map((sort) => [sort, t(`articles.sorts.${sort}`)] as const)}
          onChange={(ordina) => update({ ordina })}
        />
        <SelectFilter
          id="adm-articles-order"
          label={t('articles.direction')}
          value={query.order}
          allLabel={t('articles.directions.default')}
          options={[
            ['asc', t('articles.directions.asc')],
            ['desc', t('articles.directions.desc')],
          ]}
          onChange={(verso) => update({ verso })}
        />
      </FilterBar>

      {list.error !== null && !list.loading && (
        <p className="adm-error" role="alert">
          {t(`articles.loadError.${kind}`)}
        </p>
      )}
      {list.loading && !page && (
        <p className="adm-status" role="status">
          {t('common.loading')}
        </p>
      )}
      {page && page.items.length === 0 && (
        <div className="adm-empty">
          <p>{filtered ? t('articles.emptyFiltered') : t(`articles.empty.${kind}`)}</p>
          {filtered && (
            <button
              type="button"
              className="adm-button adm-button-light"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams());
              }}
            >
              {t('common.clearFilters')}
            </button>
          )}
        </div>
      )}
      {page && page.items.length > 0 && (
        <div className="adm-table-wrap" role="region" aria-label={t('articles.heading.all')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t(`articles.heading.${kind}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('articles.fields.photo')}</th>
                <th scope="col">{t('articles.fields.title')}</th>
                <th scope="col">{t('articles.fields.category')}</th>
                <th scope="col">{t('articles.fields.type')}</th>
                <th scope="col">{t('articles.fields.price')}</th>
                <th scope="col">{t('articles.fields.stock')}</th>
                <th scope="col">{t('articles.fields.is_active')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((article) => {
                const low = article.quantity_stock <= article.low_stock_threshold;
                return (
                  <tr key={article.id} data-testid="article-row">
                    <td>
                      {article.photo_url ? (
                        <img
                          className="adm-thumb"
                          src={`${media}${article.photo_url}`}
                          alt=""
                          loading="lazy"
                        />
                      ) : (
                        <span className="adm-thumb adm-thumb-empty" aria-hidden="true" />
                      )}
                    </td>
                    <td>
                      <strong>{article.title}</strong>
                      <br />
                      <span className="adm-muted">{article.sku}</span>
                    </td>
                    <td>
                      {article.category}
                      {attributeSummary(article.attributes) && (
                        <>
                          <br />
                          <span className="adm-muted" data-testid="article-attributes">
                            {attributeSummary(article.attributes)}
                          </span>
                        </>
                      )}
                    </td>
                    <td>
                      {t(`articles.types.${article.product_type}`)}
                      {article.availability_date && (
                        <>
                          <br />
                          <span className="adm-muted">
                            {t('articles.availableFrom', {
                              date: formatShortDate(article.availability_date),
                            })}
                          </span>
                        </>
                      )}
                    </td>
                    <td>
                      {formatEuro(article.price)}
                      <br />
                      <span className="adm-muted">
                        {article.iva_percentage === 0
                          ? t('articles.vatExempt')
                          : `+ IVA ${article.iva_percentage}%`}
                      </span>
                    </td>
                    <td>
                      <span className={low ? 'adm-stock-low' : undefined}>{article.quantity_stock}</span>
                      {low && <span className="adm-badge adm-badge-warn">{t('articles.lowStock')}</span>}
                      {waiting.get(article.id) ? (
                        <span className="adm-badge" title={t('articles.waitingAlertsHint')}>
                          {t('articles.waitingAlerts', { n: waiting.get(article.id) })}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      {readOnly ? (
                        <span>{article.is_active ? t('common.yes') : t('common.no')}</span>
                      ) : (
                        <label className="adm-switch">
                          <input
                            type="checkbox"
                            checked={article.is_active}
                            onChange={() => toggleActive(article)}
                            aria-label={t('articles.toggleActive', { title: article.title })}
                          />
                          <span>{article.is_active ? t('common.yes') : t('common.no')}</span>
                        </label>
                      )}
                    </td>
                    <td className="adm-row-actions">
                      {!readOnly && (
                        <>
                          <RowButton
                            label={t('common.edit')}
                            of={article.title}
                            onClick={() => setDialog({ kind: 'edit', article })}
                          />
                          <RowButton
                            label={t('articles.duplicate')}
                            of={article.title}
                            tone="light"
                            onClick={() => setDialog({ kind: 'copy', article })}
                          />
                          <RowButton
                            label={t('external.open')}
                            of={article.title}
                            tone="light"
                            disabled={article.quantity_stock === 0}
                            onClick={() => setSoldElsewhere(article)}
                          />
                        </>
                      )}
                      {isAdmin && (
                        <RowButton
                          label={t('common.delete')}
                          of={article.title}
                          tone="danger"
                          onClick={() => setDeleting(article)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {page && (
        <Pager
          page={page.page}
          pageSize={page.page_size}
          total={page.total}
          onPage={(n) => update({ pagina: n > 1 ? String(n) : null })}
        />
      )}

      {dialog && (
        <Suspense
          fallback={
            <p className="adm-status" role="status">
              {t('common.loading')}
            </p>
          }
        >
          <ArticleDialog
            mode={dialog}
            onClose={() => setDialog(null)}
            onReload={() => {
              setDialog(null);
              list.reload();
            }}
            onChanged={() => changed()}
            onSaved={(article) => {
              setDialog(null);
              setLinked(article);
              changed();
            }}
          />
        </Suspense>
      )}
      {soldElsewhere && (
        <ExternalSaleDialog
          article={soldElsewhere}
          onCancel={() => setSoldElsewhere(null)}
          onDone={(article) => {
            setSoldElsewhere(null);
            banner.show('success', t('external.done', { title: article.title, n: article.quantity_stock }));
            changed();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('articles.deleteTitle')}
          message={t('articles.deleteConfirm', { title: deleting.title })}
          confirmLabel={t('common.delete')}
          busy={busy}
          onConfirm={remove}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
