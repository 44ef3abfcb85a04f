import { PRIVACY_PATH, localizedPath } from '@edicola/contracts';
import { pageLanguage } from './language';

interface PrivacyNoticeProps {
  /** What the form's data is used for, in the slice's own texts. */
  notice: string;
  /** The link's text and the hidden note that it opens a new tab. */
  link: string;
  newTab: string;
  className?: string;
}

/**
 * The short privacy notice next to a form that collects personal data (docs/product/storefront.md#privacy):
 * what the data is for and the privacy policy in the page's language, in a new tab so the form keeps what
 * was typed.
 */
export function PrivacyNotice({ notice, link, newTab, className }: PrivacyNoticeProps) {
  return (
    <p className={className} data-testid="privacy-notice">
      {notice}{' '}
      <a href={localizedPath(pageLanguage(), PRIVACY_PATH)} target="_blank" rel="noopener">
        {link}
        <span className="visually-hidden"> {newTab}</span>
      </a>
    </p>
  );
}
