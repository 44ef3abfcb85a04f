import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteProps } from '@edicola/contracts';
import { registerTranslations } from './i18n';
import './account.css';

registerTranslations();

/** The header's account menu (exposed as mf_account/AccountMenu); login state comes in a later issue. */
export default function AccountMenu(_props: RemoteProps) {
  const { t } = useTranslation('account');
  return (
    <nav className="acct-menu" aria-label={t('menu.label')}>
      <ul>
        <li>
          <Link to="/accedi" className="acct-link acct-login">
            {t('menu.login')}
          </Link>
        </li>
        <li>
          <Link to="/registrati" className="acct-link acct-register">
            {t('menu.register')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
