import { useTranslation } from 'react-i18next';
import type { PresaleTerms, SellerIdentity } from '@edicola/contracts';
import { SellerDetails } from '../ui/SellerDetails';
import { usePageTitle } from '../ui/usePageTitle';

const SECTIONS = ['withdrawal', 'refund', 'warranty', 'payment', 'shipping'] as const;

/**
 * /termini: who sells (docs/product/storefront.md#seller-identity), then the terms of sale, with the pre-sales' deposit
 * as the shop configured it (docs/product/orders-and-payments.md#deposits).
 */
export function TermsPage({
  seller,
  presaleTerms,
}: {
  seller?: SellerIdentity;
  presaleTerms?: PresaleTerms;
}) {
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
      {presaleTerms && (
        <section aria-labelledby="terms-presale">
          <h2 id="terms-presale">{t('terms.presaleTitle')}</h2>
          <p>{t('terms.presale', { days: presaleTerms.balanceDays })}</p>
          <p data-testid="terms-lapsed-deposit">
            {t(
              presaleTerms.lapsedDeposit === 'keep' ? 'terms.presaleLapsedKeep' : 'terms.presaleLapsedRefund',
            )}
          </p>
        </section>
      )}
    </article>
  );
}
