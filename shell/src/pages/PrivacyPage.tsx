import { useTranslation } from 'react-i18next';
import type { SellerIdentity } from '@edicola/contracts';
import { SHOP } from '../shopInfo';
import { SellerDetails } from '../ui/SellerDetails';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * The privacy policy's sections and the paragraphs of each, in order (docs/product/storefront.md#privacy);
 * every heading has the id `privacy-<section>`, so a section can be linked.
 */
const SECTIONS = {
  controller: ['text'],
  data: ['account', 'orders', 'shipping', 'payments', 'newsletter', 'reviews', 'contact', 'visits'],
  bases: ['contract', 'law', 'consent', 'interest'],
  retention: ['account', 'orders', 'newsletter', 'reviews', 'contact'],
  recipients: ['payments', 'carriers', 'ebay', 'email', 'hosting'],
  cookies: ['text', 'banner'],
  rights: ['text', 'howTo', 'complaint'],
} as const;

/** /privacy: what the shop keeps and why, for how long, who receives it, and the rights (the seller as controller). */
export function PrivacyPage({ seller }: { seller?: SellerIdentity }) {
  const { t } = useTranslation('shell');
  usePageTitle(t('privacy.title'));
  const email = seller?.email ?? SHOP.email;
  return (
    <article className="container page-section static-page privacy-page">
      <h1>{t('privacy.title')}</h1>
      <p className="last-modified">{t('privacy.lastModified')}</p>
      <p>{t('privacy.intro')}</p>
      {Object.entries(SECTIONS).map(([section, paragraphs]) => (
        <section key={section} aria-labelledby={`privacy-${section}`}>
          <h2 id={`privacy-${section}`}>{t(`privacy.${section}.title`)}</h2>
          {section === 'controller' && <SellerDetails seller={seller} />}
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(`privacy.${section}.${paragraph}`)}</p>
          ))}
          {section === 'rights' && (
            <ul className="privacy-contacts">
              <li>
                {t('seller.email')}: <a href={`mailto:${email}`}>{email}</a>
              </li>
              {seller?.pec && (
                <li>
                  {t('seller.pec')}: <a href={`mailto:${seller.pec}`}>{seller.pec}</a>
                </li>
              )}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
