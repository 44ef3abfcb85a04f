import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<page> – <brand>" (or the brand alone). */
export function usePageTitle(page?: string) {
  const { t } = useTranslation('shell');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = page ? `${page} – ${brand}` : brand;
  }, [page, brand]);
}
