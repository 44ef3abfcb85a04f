import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteProps } from '@edicola/contracts';
import { useLoad } from '@edicola/web-kit';
import { createCatalogApi } from '../api';
import { registerTranslations } from '../i18n';
import { ReviewForm } from '../ui/ReviewForm';
import '../catalog.css';

registerTranslations();

/** /review?article_id=..&order_id=..&email=..: the review link of an order e-mail (exposed as mf_catalog/ReviewPage). */
export default function ReviewPage({ config }: RemoteProps) {
  const { t } = useTranslation('catalog');
  const api = useMemo(() => createCatalogApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const [params] = useSearchParams();
  const articleId = params.get('article_id')?.trim() ?? '';
  // Which article the link is for, from the catalogue the shop already serves (a link to a withdrawn one: unnamed).
  const articles = useLoad(
    async (signal) => (articleId ? api.listArticles(signal) : []),
    `${config.apiBaseUrl} ${articleId}`,
  );
  const articleTitle = articles.data?.find((a) => a.id === articleId)?.title ?? null;
  return (
    <section className="cat-page cat-review-page" aria-labelledby="review-page-title">
      <h1 id="review-page-title">{t('reviewPage.title')}</h1>
      {articleId ? (
        <>
          {articleTitle && (
            <p className="cat-review-article">{t('reviewPage.article', { title: articleTitle })}</p>
          )}
          <p>{t('reviewPage.intro')}</p>
          <ReviewForm
            api={api}
            articleId={articleId}
            orderId={params.get('order_id')?.trim() || null}
            initialEmail={params.get('email')?.trim() ?? ''}
            reportMissing
          />
        </>
      ) : (
        <p role="alert">{t('reviewPage.missingArticle')}</p>
      )}
      <p>
        <Link to="/prodotti">{t('reviewPage.backToCatalogue')}</Link>
      </p>
    </section>
  );
}
