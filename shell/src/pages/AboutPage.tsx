import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../ui/usePageTitle';

export function AboutPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('about.title'));
  return (
    <article className="container page-section static-page">
      <h1>{t('about.title')}</h1>
      <p>{t('about.p1')}</p>
      <p>{t('about.p2')}</p>
    </article>
  );
}
