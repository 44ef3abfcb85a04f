import { useTranslation } from 'react-i18next';
import { OpeningHours, ShopContact } from '../ShopContact';
import { usePageTitle } from '../usePageTitle';

export function ContactPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('contact.title'));
  return (
    <article className="container page-section static-page">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <div className="contact-grid">
        <section aria-labelledby="contact-where">
          <h2 id="contact-where">{t('contact.whereTitle')}</h2>
          <ShopContact />
        </section>
        <section aria-labelledby="contact-hours">
          <h2 id="contact-hours">{t('hours.title')}</h2>
          <OpeningHours />
        </section>
      </div>
    </article>
  );
}
