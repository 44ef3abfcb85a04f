import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  categoryPath,
  SEARCH_AVAILABILITY,
  SEARCH_MAX_LENGTH,
  SEARCH_PATH,
  SEARCH_SORTS,
  type RemoteProps,
  type SearchFacet,
  type SearchQuery,
  type SearchResults,
} from '@edicola/contracts';
import { useDocumentTitle } from '@edicola/web-kit';
import { createCatalogApi } from '../api';
import { registerTranslations } from '../i18n';
import { pageMeta } from '../meta';
import { pathIn } from '../paths';
import { ArticleCard } from '../ui/ArticleCard';
import { useCardReviews } from '../ui/useCardReviews';
import '../catalog.css';

registerTranslations();

/** The query's names, as the API's (docs/product/article-pages.md#search). */
const FILTERS = ['category', 'condition', 'language', 'availability', 'min_price', 'max_price'] as const;
type Filter = (typeof FILTERS)[number];

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; results: SearchResults };

/** The API's query from the page's address: only the names it knows, empty ones left out. */
function queryOf(params: URLSearchParams): SearchQuery {
  const query: Record<string, string> = {};
  for (const name of ['q', ...FILTERS, 'sort', 'page']) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  return query as SearchQuery;
}

/** /cerca: the search results with their filters, sort and pages (exposed as mf_catalog/SearchPage). */
export default function SearchPage({ config }: RemoteProps) {
  const { t, i18n } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const [params, setParams] = useSearchParams();
  /** The last answer, with the query and attempt it answers: any other query is still loading. */
  const [answer, setAnswer] = useState<{ key: string; attempt: number; load: Load } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const reviews = useCardReviews(api);
  const key = params.toString();
  const q = params.get('q')?.trim() ?? '';
  useDocumentTitle(pageMeta(t, { search: true }).title);
  const load: Load =
    answer && answer.key === key && answer.attempt === attempt ? answer.load : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    api.search(queryOf(new URLSearchParams(key)), controller.signal).then(
      (results) => setAnswer({ key, attempt, load: { status: 'ready', results } }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, attempt, load: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [api, key, attempt]);

  /** Every change is a new history entry: Back undoes it. A new filter or words start again at page 1. */
  const change = (values: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in values)) next.delete('page');
    setParams(next);
  };

  const submitWords = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  const submitPrices = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = (name: string) =>
      String(form.get(name) ?? '')
        .trim()
        .replace(',', '.') || undefined;
    change({ min_price: price('min_price'), max_price: price('max_price') });
  };

  const results = load.status === 'ready' ? load.results : null;
  const pages = results ? Math.max(1, Math.ceil(results.total / results.page_size)) : 1;
  const searchLink = (values: Record<string, string>) =>
    `${pathIn(i18n.language, SEARCH_PATH)}?${new URLSearchParams(values).toString()}`;

  const facetSelect = (
    name: Filter,
    values: readonly string[],
    facets: SearchFacet[] | undefined,
    label: (value: string) => string,
  ) => {
    const count = (value: string) => facets?.find((facet) => facet.value === value)?.count;
    return (
      <label className="cat-field">
        <span>{t(`search.filters.${name}`)}</span>
        <select value={params.get(name) ?? ''} onChange={(event) => change({ [name]: event.target.value })}>
          <option value="">{t('search.filters.any')}</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {count(value) === undefined ? label(value) : `${label(value)} (${count(value)})`}
            </option>
          ))}
        </select>
      </label>
    );
  };

  return (
    <section className="cat-page cat-search" aria-labelledby="search-title">
      <header className="cat-hero">
        <h1 id="search-title">
          {q ? t('search.resultsFor', { q }) : t('search.title')}
          {results && (
            <span className="cat-search-count"> ({t('search.count', { count: results.total })})</span>
          )}
        </h1>
      </header>
      <form className="cat-search-form" role="search" onSubmit={submitWords} key={`q-${q}`}>
        <label className="cat-visually-hidden" htmlFor="search-words">
          {t('search.label')}
        </label>
        <input
          id="search-words"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
        />
        <button type="submit" className="cat-button cat-primary">
          {t('search.submit')}
        </button>
      </form>
      {results?.corrected && (
        <p className="cat-search-corrected">
          {t('search.corrected')} <Link to={searchLink({ q: results.corrected })}>{results.corrected}</Link>
        </p>
      )}
      <div className="cat-search-layout">
        <aside className="cat-search-filters" aria-labelledby="search-filters">
          <button
            type="button"
            className="cat-button cat-search-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="search-filters-body"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {t('search.filters.toggle')}
          </button>
          <div
            id="search-filters-body"
            className={filtersOpen ? 'cat-search-filters-body cat-open' : 'cat-search-filters-body'}
          >
            <h2 id="search-filters">{t('search.filters.title')}</h2>
            {facetSelect(
              'category',
              CATEGORIES.map((c) => c.slug),
              results?.facets.category,
              (value) => t(`categories.${value}`),
            )}
            {facetSelect('availability', SEARCH_AVAILABILITY, results?.facets.availability, (value) =>
              t(`search.availability.${value}`),
            )}
            {facetSelect(
              'condition',
              results?.facets.condition.map((facet) => facet.value) ?? [],
              results?.facets.condition,
              (value) => t(`attributes.conditionValues.${value}`),
            )}
            {facetSelect(
              'language',
              results?.facets.language.map((facet) => facet.value) ?? [],
              results?.facets.language,
              (value) => t(`attributes.languageValues.${value}`),
            )}
            <form
              className="cat-search-prices"
              onSubmit={submitPrices}
              key={`p-${params.get('min_price')}-${params.get('max_price')}`}
            >
              <fieldset>
                <legend>{t('search.filters.price')}</legend>
                <label className="cat-field">
                  <span>{t('search.filters.min_price')}</span>
                  <input name="min_price" inputMode="decimal" defaultValue={params.get('min_price') ?? ''} />
                </label>
                <label className="cat-field">
                  <span>{t('search.filters.max_price')}</span>
                  <input name="max_price" inputMode="decimal" defaultValue={params.get('max_price') ?? ''} />
                </label>
                <button type="submit" className="cat-button">
                  {t('search.filters.apply')}
                </button>
              </fieldset>
            </form>
          </div>
        </aside>
        <div className="cat-search-results">
          <label className="cat-field cat-search-sort">
            <span>{t('search.sort.label')}</span>
            <select
              value={params.get('sort') ?? 'relevance'}
              onChange={(event) =>
                change({ sort: event.target.value === 'relevance' ? undefined : event.target.value })
              }
            >
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`search.sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          {load.status === 'loading' && (
            <p className="cat-status" role="status">
              {t('search.loading')}
            </p>
          )}
          {load.status === 'error' && (
            <div className="cat-status cat-notice" role="alert">
              <p>{t('search.error')}</p>
              <button
                type="button"
                className="cat-button cat-primary"
                onClick={() => setAttempt(attempt + 1)}
              >
                {t('retry')}
              </button>
            </div>
          )}
          {results && results.items.length === 0 && (
            <div className="cat-search-empty">
              <h2>{q ? t('search.empty', { q }) : t('search.emptyFilters')}</h2>
              <ul>
                <li>{t('search.tips.spelling')}</li>
                <li>{t('search.tips.fewer')}</li>
                <li>{t('search.tips.filters')}</li>
              </ul>
              <p>{t('search.tips.categories')}</p>
              <ul className="cat-search-categories">
                {CATEGORIES.map((category) => (
                  <li key={category.slug}>
                    <Link to={pathIn(i18n.language, categoryPath(category.slug))}>
                      {t(`categories.${category.slug}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {results && results.items.length > 0 && (
            <>
              <ul className="cat-grid" aria-label={t('search.listLabel')}>
                {results.items.map((article, index) => (
                  <li key={article.id}>
                    <ArticleCard
                      article={article}
                      mediaBaseUrl={config.mediaBaseUrl}
                      priority={index < 2}
                      {...reviews.cardProps(article)}
                    />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav className="cat-pages" aria-label={t('search.pages')}>
                  {results.page > 1 && (
                    <button
                      type="button"
                      className="cat-button"
                      onClick={() => change({ page: String(results.page - 1) })}
                    >
                      {t('search.previous')}
                    </button>
                  )}
                  <span>{t('search.pageOf', { page: results.page, pages })}</span>
                  {results.page < pages && (
                    <button
                      type="button"
                      className="cat-button"
                      onClick={() => change({ page: String(results.page + 1) })}
                    >
                      {t('search.next')}
                    </button>
                  )}
                </nav>
              )}
            </>
          )}
        </div>
      </div>
      {reviews.dialog}
    </section>
  );
}
