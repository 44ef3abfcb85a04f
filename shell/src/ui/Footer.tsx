import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRIVACY_PATH, type SellerIdentity } from '@edicola/contracts';
import { OpeningHours, ShopContact } from './ShopContact';
import { SellerDetails } from './SellerDetails';
import { useLocalizedPath } from '../pageLanguage';

/** The footer of every page; its legal lines name the seller (docs/product/storefront.md#seller-identity). */
export function Footer({ seller }: { seller?: SellerIdentity }) {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contactTitle')}</h2>
          <ShopContact />
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">{t('hours.title')}</h2>
          <OpeningHours />
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">{t('footer.infoTitle')}</h2>
          <ul className="footer-links">
            <li>
              <Link to={localized('/chi-siamo')}>{t('nav.about')}</Link>
            </li>
            <li>
              <Link to={localized('/contatto')}>{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to={localized('/termini')}>{t('nav.terms')}</Link>
            </li>
            <li>
              <Link to={localized(PRIVACY_PATH)}>{t('nav.privacy')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="container footer-legal">
        <p className="withdrawal">{t('footer.withdrawal')}</p>
        <SellerDetails seller={seller} />
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="footer-staff">
          <a href="/gestione" target="_blank" rel="noopener">
            {t('footer.staff')}
            <span className="visually-hidden"> {t('nav.newTab')}</span>
          </a>
        </p>
      </div>
    </footer>
  );
}
