import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SHOP_INFO } from '@edicola/contracts';

const SAMPLES = ['f1', 'pokemon', 'helmet', 'truck'] as const;

/**
 * The empty catalogue (docs/product/storefront.md#empty-catalogue): four sample cards with 'Richiedi Info',
 * plus Contattaci and call.
 */
export function SampleProducts() {
  const { t } = useTranslation('catalog');
  return (
    <section className="cat-samples" aria-labelledby="cat-samples-title">
      <h2 id="cat-samples-title">{t('samples.title')}</h2>
      <p>{t('samples.intro')}</p>
      <ul className="cat-grid">
        {SAMPLES.map((sample) => (
          <li key={sample}>
            <article className="cat-card cat-sample" data-testid="sample-card">
              <div className="cat-body">
                <p className="cat-category">{t(`samples.${sample}.category`)}</p>
                <h3 className="cat-title">{t(`samples.${sample}.title`)}</h3>
                <p className="cat-description">{t(`samples.${sample}.description`)}</p>
                <Link className="cat-add" to="/contatto">
                  {t('samples.requestInfo')}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="cat-actions">
        <Link className="cat-button cat-primary" to="/contatto">
          {t('samples.contactUs')}
        </Link>
        <a className="cat-button" href={SHOP_INFO.phoneHref}>
          {t('samples.call', { phone: SHOP_INFO.phone })}
        </a>
      </p>
    </section>
  );
}
