import { useTranslation } from 'react-i18next';
import {
  attributesOf,
  CARD_CONDITIONS,
  CARD_LANGUAGES,
  GRADERS,
  HELMET_REPLICA_SCALES,
  HELMET_SIZES,
  MODEL_SCALES,
  type AttributeName,
} from '@edicola/contracts';
import { CONDITION_NAMES } from './attributeLabels';

type Values = Partial<Record<AttributeName, string>>;

/** The choices of each attribute that has a fixed list, as [value, label]. */
function choicesOf(name: AttributeName, language: string): (readonly [string, string])[] | null {
  switch (name) {
    case 'condition':
      return CARD_CONDITIONS.map((c) => [c, CONDITION_NAMES[c]] as const);
    case 'language': {
      // The browser's own names of the languages, in the staff user's language: no text to ship.
      const names = new Intl.DisplayNames([language], { type: 'language' });
      return CARD_LANGUAGES.map((code) => {
        const label = names.of(code) ?? code;
        return [code, label.charAt(0).toLocaleUpperCase(language) + label.slice(1)] as const;
      });
    }
    case 'grader':
      return GRADERS.map((g) => [g, g] as const);
    case 'scale':
      return MODEL_SCALES.map((s) => [s, s] as const);
    case 'size':
      return HELMET_SIZES.map((s) => [s, s] as const);
    case 'replica_scale':
      return HELMET_REPLICA_SCALES.map((s) => [s, s] as const);
    default:
      return null;
  }
}

interface Props {
  idPrefix: string;
  category: string;
  values: Values;
  onChange: (name: AttributeName, value: string) => void;
  /** The server's refusal of the certificate number (another article has it), shown on its field. */
  certificateProblem: string | null;
}

/**
 * The typed attributes of the category chosen (docs/product/back-office.md#article-attributes): they appear
 * and disappear with the category; the server checks them again.
 */
export function AttributeFields({ idPrefix, category, values, onChange, certificateProblem }: Props) {
  const { t, i18n } = useTranslation('admin');
  return attributesOf(category).map((name) => {
    const id = `${idPrefix}-attr-${name}`;
    const choices = choicesOf(name, i18n.language || 'it');
    const value = values[name] ?? '';
    const problem = name === 'certificate_number' ? certificateProblem : null;
    return (
      <span key={name} className="adm-field">
        <label htmlFor={id}>{t(`articles.attributes.${name}`)}</label>
        {choices ? (
          <select id={id} value={value} onChange={(e) => onChange(name, e.target.value)}>
            <option value="">—</option>
            {choices.map(([choice, label]) => (
              <option key={choice} value={choice}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            value={value}
            maxLength={80}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(e) => onChange(name, e.target.value)}
            {...(name === 'grade'
              ? { type: 'number', min: 1, max: 10, step: 0.5, inputMode: 'decimal' as const }
              : {})}
          />
        )}
        {problem && (
          <span id={`${id}-error`} className="adm-error" role="alert">
            {problem}
          </span>
        )}
      </span>
    );
  });
}
