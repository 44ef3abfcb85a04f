import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isLocalizedPath, LANGUAGES, localizedPath, unprefixedPath } from '@edicola/contracts';
import { changeLanguage, isLanguage, LANGUAGE_NAMES } from '../i18n';

/**
 * Switches the language of every slice and remembers it in local storage. On a page that has an address per
 * language it moves to the same page in the chosen one, query and fragment kept, as a new history entry
 * (docs/product/storefront.md#language-selector); the other pages keep their single address. A `<select>`,
 * not links: the first paint's click replay chooses it again (data-replay), and search engines find the
 * other languages in the page's hreflang alternates and the sitemap.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const choose = async (language: string) => {
    if (!isLanguage(language)) return;
    // The texts first: the address's language then already is the preference (useLanguageOfPath).
    await changeLanguage(language);
    const path = unprefixedPath(pathname);
    if (isLocalizedPath(path)) void navigate(`${localizedPath(language, path)}${search}${hash}`);
  };
  return (
    <div className="language-selector">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        data-replay="language"
        onChange={(event) => void choose(event.target.value)}
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
