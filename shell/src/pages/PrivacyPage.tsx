import { useTranslation } from 'react-i18next';
import type { SellerIdentity } from '@edicola/contracts';
import { PRIVACY_NAMESPACE } from '../i18n';
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
  // No Suspense: a visit that starts here has the texts already (i18n.ts); a link followed here waits a moment.
  const { t, ready } = useTranslation(PRIVACY_NAMESPACE, { useSuspense: false });
  const { t: shellText } = useTranslation('shell');
  const title = shellText('seo.privacy.title');
  usePageTitle(title);
  const email = seller?.email ?? SHOP.email;
  if (!ready) {
    return (
      <article className="container page-section static-page privacy-page" aria-busy="true">
        <h1>{title}</h1>
      </article>
    );
  }
  return (
    <article className="container page-section static-page privacy-page">
      <h1>{title}</h1>
      <p className="last-modified">{t('lastModified')}</p>
      <p>{t('intro')}</p>
      {Object.entries(SECTIONS).map(([section, paragraphs]) => (
        <section key={section} aria-labelledby={`privacy-${section}`}>
          <h2 id={`privacy-${section}`}>{t(`${section}.title`)}</h2>
          {section === 'controller' && <SellerDetails seller={seller} />}
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(`${section}.${paragraph}`)}</p>
          ))}
          {section === 'rights' && (
            <ul className="privacy-contacts">
              <li>
                {shellText('seller.email')}: <a href={`mailto:${email}`}>{email}</a>
              </li>
              {seller?.pec && (
                <li>
                  {shellText('seller.pec')}: <a href={`mailto:${seller.pec}`}>{seller.pec}</a>
                </li>
              )}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
