import { useTranslation } from 'react-i18next';
import { attributesOf, type Article } from '@edicola/contracts';

/** Attributes whose values are words to translate; the others (grade, scale, maker …) are shown as stored. */
const TRANSLATED = new Set(['condition', 'language']);

/**
 * An article's typed attributes as a definition list (docs/product/article-pages.md#attributes): those its
 * category has, in the category's order, each with its translated label and value; the EAN after them.
 */
export function AttributeList({ article }: { article: Article }) {
  const { t, i18n } = useTranslation('catalog');
  const rows: { name: string; label: string; value: string }[] = [];
  for (const name of attributesOf(article.category)) {
    const value = article.attributes[name];
    if (value === null || value === undefined) continue;
    const text = TRANSLATED.has(name)
      ? t(`attributes.${name}Values.${String(value)}`)
      : typeof value === 'number'
        ? value.toLocaleString(i18n.language)
        : String(value);
    rows.push({ name, label: t(`attributes.${name}`), value: text });
  }
  if (article.ean) rows.push({ name: 'ean', label: t('attributes.ean'), value: article.ean });
  rows.push({ name: 'sku', label: t('card.sku'), value: article.sku });
  return (
    <dl className="cat-attributes" data-testid="attributes">
      {rows.map((row) => (
        <div key={row.name}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
