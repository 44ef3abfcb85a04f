import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArticle } from '@edicola/contracts';

/**
 * docs/product/back-office.md#link-panel: after saving, the article's public link, copyable, shown until
 * closed.
 */
export function LinkPanel({ article, onClose }: { article: AdminArticle; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/prodotti?article=${encodeURIComponent(article.id)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, say): the link stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    <section className="adm-link-panel" aria-label={t('articles.linkTitle')} data-testid="link-panel">
      <h3>{t('articles.linkTitle')}</h3>
      <p>{t('articles.linkIntro', { title: article.title })}</p>
      <div className="adm-inline-form">
        <input
          readOnly
          value={link}
          aria-label={t('articles.linkLabel')}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="adm-button" onClick={copy}>
          {copied ? t('articles.copied') : t('articles.copy')}
        </button>
        <a className="adm-button adm-button-light" href={link} target="_blank" rel="noopener">
          {t('articles.open')}
        </a>
        <button type="button" className="adm-button adm-button-light" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}
