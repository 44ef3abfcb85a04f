import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle';

const HIGHLIGHTS = ['shipping', 'instalments', 'shop'] as const;

export function HomePage() {
  const { t } = useTranslation('shell');
  usePageTitle();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">{t('home.title')}</h1>
          <p className="hero-subtitle">{t('home.subtitle')}</p>
          <Link to="/prodotti" className="button primary large">
            {t('home.cta')}
          </Link>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="welcome-title">
        <h2 id="welcome-title">{t('home.welcomeTitle')}</h2>
        <p>{t('home.welcome')}</p>
      </section>
      <section className="container page-section" aria-labelledby="highlights-title">
        <h2 id="highlights-title">{t('home.highlightsTitle')}</h2>
        <ul className="highlights">
          {HIGHLIGHTS.map((key) => (
            <li key={key} className="highlight">
              <h3>{t(`home.${key}Title`)}</h3>
              <p>{t(`home.${key}`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
