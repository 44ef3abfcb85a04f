import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<page> – <brand>" (or the brand alone) and the translated meta description. */
export function usePageTitle(page?: string, description?: string) {
  const { t } = useTranslation('shell');
  const brand = t('brand.name');
  const text = description ?? t('meta.description');
  useEffect(() => {
    document.title = page ? `${page} – ${brand}` : `${brand} – ${t('meta.homeTitle')}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = text;
  }, [page, brand, text, t]);
}
