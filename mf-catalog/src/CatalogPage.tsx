import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article, RemoteProps } from '@edicola/contracts';
import { createCatalogApi } from './api';
import { ArticleCard } from './ArticleCard';
import { registerTranslations } from './i18n';
import './catalog.css';

registerTranslations();

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; articles: Article[] };

/** /prodotti: the catalogue grid (exposed as mf_catalog/CatalogPage). */
export default function CatalogPage({ config }: RemoteProps) {
  const { t } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api.listArticles(controller.signal).then(
      (articles) => setState({ status: 'ready', articles: articles.filter((article) => article.is_active) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [api]);

  return (
    <section className="cat-page" aria-labelledby="catalog-title">
      <header className="cat-hero">
        <h1 id="catalog-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      {state.status === 'loading' && (
        <p className="cat-status" role="status">
          {t('loading')}
        </p>
      )}
      {state.status === 'error' && (
        <p className="cat-status cat-notice" role="alert">
          {t('loadError')}
        </p>
      )}
      {state.status === 'ready' && state.articles.length === 0 && (
        <p className="cat-status cat-notice">{t('empty')}</p>
      )}
      {state.status === 'ready' && state.articles.length > 0 && (
        <ul className="cat-grid" aria-label={t('listLabel')}>
          {state.articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} mediaBaseUrl={config.mediaBaseUrl} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
