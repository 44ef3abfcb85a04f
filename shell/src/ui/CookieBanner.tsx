import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COOKIE_CONSENT_KEY = 'cookie_consent';
/** The same choice as a cookie, so that the storefront server leaves the banner out of its first paint. */
const CONSENT_COOKIE = `${COOKIE_CONSENT_KEY}=accepted`;

function accepted(storage: Storage): boolean {
  if (document.cookie.split(/;\s*/).includes(CONSENT_COOKIE)) return true;
  try {
    return storage.getItem(COOKIE_CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

interface CookieBannerProps {
  /** Where the choice is kept; the browser's local storage by default. */
  storage?: Storage;
  /** Whether the visitor already accepted, when known beforehand (the server reads the cookie). */
  accepted?: boolean;
}

/** Technical-cookies notice; once accepted it stays hidden (remembered in local storage and a cookie). */
export function CookieBanner({ storage, accepted: known }: CookieBannerProps) {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(() => known ?? accepted(storage ?? window.localStorage));
  if (hidden) return null;
  const accept = () => {
    try {
      (storage ?? window.localStorage).setItem(COOKIE_CONSENT_KEY, 'accepted');
    } catch {
      // Storage refused: the cookie below still remembers it.
    }
    try {
      document.cookie = `${CONSENT_COOKIE}; Max-Age=31536000; Path=/; SameSite=Lax`;
    } catch {
      // Storage refused: hide for this visit anyway.
    }
    setHidden(true);
  };
  return (
    <aside className="cookie-banner" aria-label={t('cookie.label')}>
      <div className="container">
        <p>{t('cookie.text')}</p>
        <button type="button" className="button primary" onClick={accept} data-replay="cookie-accept">
          {t('cookie.accept')}
        </button>
      </div>
    </aside>
  );
}
