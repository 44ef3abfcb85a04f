import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@edicola/contracts';
import { changeLanguage, isLanguage, LANGUAGE_NAMES } from '../i18n';

/** Switches the language of every slice and remembers it in local storage. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  const id = useId();
  return (
    <div className="language-selector">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        data-replay="language"
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
