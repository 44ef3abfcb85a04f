import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title of an account page to "<page> – <shop>", as the shell's pages do. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation('account');
  const full = `${title} – ${t('shopName')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
