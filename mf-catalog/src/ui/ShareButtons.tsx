import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '@edicola/contracts';
import { shareDescription } from '../format';
import { useShopOrigin } from '../shopOrigin';

/**
 * Share buttons for the networks the article allows (share_facebook, share_instagram, share_whatsapp), sharing
 * `path` (the article page's address in the page's language) on this shop.
 */
export function ShareButtons({ article, path }: { article: Article; path: string }) {
  const { t } = useTranslation('catalog');
  const [copied, setCopied] = useState(false);
  const origin = useShopOrigin();
  if (!article.share_facebook && !article.share_instagram && !article.share_whatsapp) return null;
  const link = `${origin}${path}`;
  const text = `${article.title} – ${shareDescription(article.description)}`;
  const copyForInstagram = async () => {
    try {
      await navigator.clipboard.writeText(`${text} ${link}`);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="cat-share">
      <span className="cat-share-label">{t('share.label')}</span>
      {article.share_facebook && (
        <a
          className="cat-share-link"
          href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}&quote=${encodeURIComponent(text)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Facebook<span className="cat-visually-hidden"> {t('share.newTab')}</span>
        </a>
      )}
      {article.share_whatsapp && (
        <a
          className="cat-share-link"
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp<span className="cat-visually-hidden"> {t('share.newTab')}</span>
        </a>
      )}
      {article.share_instagram && (
        <button type="button" className="cat-share-link" onClick={() => void copyForInstagram()}>
          Instagram
        </button>
      )}
      <span className="cat-share-status" role="status">
        {copied ? t('share.copied') : ''}
      </span>
    </div>
  );
}
