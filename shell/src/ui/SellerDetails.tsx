import { useTranslation } from 'react-i18next';
import type { SellerIdentity } from '@edicola/contracts';

/**
 * The seller as the law asks a shop's site to name it (docs/product/storefront.md#seller-identity): company,
 * registered office, P.IVA, REA and PEC, from the storefront's configuration; demo data says it is.
 */
export function SellerDetails({ seller }: { seller?: SellerIdentity }) {
  const { t } = useTranslation('shell');
  if (!seller) return null;
  const { name, address, cap, city, province, vatNumber, rea, pec } = seller;
  return (
    <p className="seller-identity">
      <span>{name}</span>
      {' · '}
      <span>
        {t('seller.office')}: {address}, {cap} {city} ({province})
      </span>
      {' · '}
      <span>
        {t('seller.vatNumber')} {vatNumber}
      </span>
      {rea && (
        <>
          {' · '}
          <span>
            {t('seller.rea')} {rea}
          </span>
        </>
      )}
      {pec && (
        <>
          {' · '}
          <span>
            {t('seller.pec')} <a href={`mailto:${pec}`}>{pec}</a>
          </span>
        </>
      )}
      {seller.demo && <strong className="seller-demo"> {t('seller.demo')}</strong>}
    </p>
  );
}
