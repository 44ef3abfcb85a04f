import { useTranslation } from 'react-i18next';
import { SHOP } from './shopInfo';

/** Address, phone and e-mail of the shop, as used in the footer and on /contatto. */
export function ShopContact() {
  const { t } = useTranslation('shell');
  return (
    <address className="shop-contact">
      <p>
        <span className="label">{t('contactInfo.address')}: </span>
        {SHOP.street}, {SHOP.city}
      </p>
      <p>
        <span className="label">{t('contactInfo.phone')}: </span>
        <a href={SHOP.phoneHref}>{SHOP.phone}</a>
      </p>
      <p>
        <span className="label">{t('contactInfo.email')}: </span>
        <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
      </p>
    </address>
  );
}

/** Opening hours of SPEC §1: Mon-Sat 8:00-13:00 and 16:00-20:00. */
export function OpeningHours() {
  const { t } = useTranslation('shell');
  return (
    <div className="opening-hours">
      <p>
        <span className="label">{t('hours.weekdays')}: </span>
        {t('hours.times')}
      </p>
      <p>{t('hours.sunday')}</p>
    </div>
  );
}
