import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@edicola/contracts';

/** Each language in its own name, as the storefront's selector shows them. */
const LANGUAGE_NAMES: Record<Language, string> = {
  it: 'Italiano',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  ru: 'Русский',
  nl: 'Nederlands',
};

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The 8 languages (docs/product/back-office.md#frame); the choice is kept under 'language' like the
 * storefront's.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  return (
    <span className="adm-language">
      <label htmlFor={id}>{t('frame.language')}</label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          try {
            window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
          } catch {
            // Storage refused: the language still changes for this visit.
          }
          void i18n.changeLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
