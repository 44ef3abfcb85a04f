import { useTranslation } from 'react-i18next';
import type { SellerIdentity } from '@edicola/contracts';
import { SellerDetails } from '../ui/SellerDetails';
import { usePageTitle } from '../ui/usePageTitle';

const SECTIONS = ['withdrawal', 'refund', 'warranty', 'payment', 'shipping'] as const;

/** /termini: who sells (docs/product/storefront.md#seller-identity), then the terms of sale. */
export function TermsPage({ seller }: { seller?: SellerIdentity }) {
  const { t } = useTranslation('shell');
  usePageTitle(t('terms.title'));
  return (
    <article className="container page-section static-page">
      <h1>{t('terms.title')}</h1>
      <p className="last-modified">{t('terms.lastModified')}</p>
      {seller && (
        <section aria-labelledby="terms-seller">
          <h2 id="terms-seller">{t('terms.sellerTitle')}</h2>
          <SellerDetails seller={seller} />
        </section>
      )}
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`terms-${section}`}>
          <h2 id={`terms-${section}`}>{t(`terms.${section}Title`)}</h2>
          <p>{t(`terms.${section}`)}</p>
        </section>
      ))}
    </article>
  );
}
