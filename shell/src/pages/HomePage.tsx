import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@edicola/contracts';
import type { ShellApi } from '../api';
import { NewsletterForm } from '../ui/NewsletterForm';
import { RemoteSlot } from '../ui/RemoteSlot';
import type { RemoteComponents } from '../remotes';
import { SHOP } from '../shopInfo';
import { usePageTitle } from '../ui/usePageTitle';
import { useLocalizedPath } from '../pageLanguage';
import heroImage from '../assets/hero.webp';

interface HomePageProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
  api: ShellApi;
}

/**
 * The top of the home page: the hero and the two banners, all a phone shows before scrolling. The storefront
 * server paints it with the HTML (server.tsx), before the rest of the page's code has arrived.
 */
export function HomeHero() {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-text">
            <h1 id="hero-title">{t('home.title')}</h1>
            <p className="hero-subtitle">{t('home.subtitle')}</p>
            <Link to={localized('/prodotti')} className="button primary large">
              {t('home.cta')}
            </Link>
            <ul className="social-links" aria-label={t('home.socialLabel')}>
              {SHOP.social.map((social) => (
                <li key={social.id}>
                  <a href={social.url} target="_blank" rel="noopener noreferrer">
                    {social.name}
                    <span className="visually-hidden"> {t('nav.newTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <img
            className="hero-image"
            src={heroImage}
            alt={t('home.heroImageAlt')}
            width={640}
            height={427}
            fetchPriority="high"
            decoding="async"
          />
        </div>
      </section>
      <section className="container banners" aria-label={t('home.bannersLabel')}>
        <div className="banner banner-shipping">
          <h2>{t('home.shippingTitle')}</h2>
          <p>{t('home.shipping')}</p>
        </div>
        <div className="banner banner-instalments">
          <h2>{t('home.instalmentsTitle')}</h2>
          <p>{t('home.instalments')}</p>
        </div>
      </section>
    </>
  );
}

/**
 * The home page of docs/product/storefront.md#home: hero, banners, pre-sale and reservation, about,
 * newsletter, reviews.
 */
export function HomePage({ config, remotes, api }: HomePageProps) {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  usePageTitle();
  return (
    <>
      <HomeHero />
      <div className="container page-section home-remote">
        <RemoteSlot name="mf_catalog" component={remotes.PresaleSection} config={config} />
      </div>
      <div className="container page-section home-remote">
        <RemoteSlot name="mf_catalog" component={remotes.ReservationSection} config={config} />
      </div>
      <section className="container page-section about-teaser" aria-labelledby="about-teaser-title">
        <h2 id="about-teaser-title">{t('home.welcomeTitle')}</h2>
        <p>{t('home.welcome')}</p>
        <Link to={localized('/chi-siamo')}>{t('home.aboutLink')}</Link>
      </section>
      <NewsletterForm api={api} />
      <div className="container page-section home-remote">
        <RemoteSlot name="mf_catalog" component={remotes.RecentReviews} config={config} />
      </div>
    </>
  );
}
