import { useTranslation } from 'react-i18next';
import { SHOP_INFO } from '@edicola/contracts';
import { pageTitle, useDocumentTitle, useMetaDescription } from '@edicola/web-kit';

/** Sets the browser tab title to "<page> – <shop>" (the home page: "<shop> – <tagline>") and the translated meta description. */
export function usePageTitle(page?: string, description?: string) {
  const { t } = useTranslation('shell');
  useDocumentTitle(page ? pageTitle(page) : `${SHOP_INFO.name} – ${t('meta.homeTitle')}`);
  useMetaDescription(description ?? t('meta.description'));
}
