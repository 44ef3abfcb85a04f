import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../ui/usePageTitle';

const SECTIONS = ['withdrawal', 'refund', 'warranty', 'payment', 'shipping'] as const;

export function TermsPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('terms.title'));
  return (
    <article className="container page-section static-page">
      <h1>{t('terms.title')}</h1>
      <p className="last-modified">{t('terms.lastModified')}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`terms-${section}`}>
          <h2 id={`terms-${section}`}>{t(`terms.${section}Title`)}</h2>
          <p>{t(`terms.${section}`)}</p>
        </section>
      ))}
    </article>
  );
}
