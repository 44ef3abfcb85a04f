import { useTranslation } from 'react-i18next';
import { SHOP } from '../shopInfo';

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

/** A weekday's name in the current language (1 = Monday … 7 = Sunday). */
function weekday(day: number, language: string): string {
  // 2024-01-01 was a Monday.
  const name = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * Opening hours of docs/product/storefront.md#shop-details from the shop configuration: Mon-Sat 8:00-13:00
 * and 16:00-20:00.
 */
export function OpeningHours() {
  const { t, i18n } = useTranslation('shell');
  const { days, slots } = SHOP.openingHours;
  const [morning, afternoon] = slots.map((slot) => `${slot.opens} – ${slot.closes}`);
  return (
    <div className="opening-hours">
      <p>
        <span className="label">
          {weekday(days.from, i18n.language)} – {weekday(days.to, i18n.language)}:{' '}
        </span>
        {t('hours.times', { morning, afternoon })}
      </p>
      <p>{t('hours.closed', { day: weekday(7, i18n.language) })}</p>
    </div>
  );
}
