import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { grossPrice, type Article, type RuntimeConfig } from '@edicola/contracts';
import { createCatalogApi } from '../api';
import { ArticlePhoto } from './ArticlePhoto';
import { formatDay, formatEuro, useLoad } from '@edicola/web-kit';
import { photoAddress } from '../format';
import '../catalog.css';

type Kind = 'prevendita' | 'prenotazione';

/** A home section listing pre-sale or reservation articles, each with its availability date. */
export function UpcomingArticles({ config, kind }: { config: RuntimeConfig; kind: Kind }) {
  const { t, i18n } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const titleId = `home-${kind}-title`;
  const list = useLoad(
    (signal) => (kind === 'prevendita' ? api.listPresale(signal) : api.listReservation(signal)),
    `${config.apiBaseUrl} ${kind}`,
  );
  const articles: Article[] | undefined = list.data?.filter((a) => a.is_active);

  return (
    <section className="cat-home-section" aria-labelledby={titleId} data-testid={`home-${kind}`}>
      <h2 id={titleId}>{t(`home.${kind}.title`)}</h2>
      <p className="cat-home-intro">{t(`home.${kind}.intro`)}</p>
      {list.loading && <p role="status">{t('loading')}</p>}
      {!list.loading && list.error !== null && <p>{t('home.unavailable')}</p>}
      {!list.loading && articles?.length === 0 && <p>{t(`home.${kind}.none`)}</p>}
      {!list.loading && articles && articles.length > 0 && (
        <ul className="cat-home-list">
          {articles.slice(0, 4).map((article) => (
            <li key={article.id} className="cat-home-item">
              <div className="cat-photo-frame">
                <ArticlePhoto
                  src={article.photo_url ? photoAddress(config.mediaBaseUrl, article.photo_url) : null}
                  alt={article.title}
                />
              </div>
              <div className="cat-body">
                <h3 className="cat-title">
                  <Link to={`/prodotti?article=${encodeURIComponent(article.id)}`}>{article.title}</Link>
                </h3>
                <p className="cat-availability">
                  {article.availability_date
                    ? t('card.availableFrom', { date: formatDay(article.availability_date, i18n.language) })
                    : t('home.dateToCome')}
                </p>
                <p className="cat-final">
                  <strong>{formatEuro(grossPrice(article.price, article.iva_percentage))}</strong>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
