import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteProps } from '@edicola/contracts';
import { displayName } from '../customer';
import { registerTranslations } from '../i18n';
import { accountFor, useSession } from '../session';
import '../account.css';

registerTranslations();

/**
 * The menu shows the private name, or the first 15 characters of the company name
 * (docs/product/account.md#account-menu).
 */
export const MENU_NAME_LENGTH = 15;

/**
 * The header's account menu (exposed as mf_account/AccountMenu): login and registration links for a
 * visitor, the customer's name with profile, orders and logout once the stored token is validated.
 */
export default function AccountMenu({ config }: RemoteProps) {
  const { t } = useTranslation('account');
  const { session } = accountFor(config.apiBaseUrl);
  const state = useSession(session);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (state.status !== 'customer') {
    // While the token is checked the links keep their place, hidden, so the header does not jump.
    const checking = state.status === 'checking';
    return (
      <nav className="acct-menu" aria-label={t('menu.label')} aria-busy={checking || undefined}>
        <ul className={checking ? 'acct-menu-pending' : undefined} aria-hidden={checking || undefined}>
          <li>
            <Link to="/accedi" className="acct-link acct-login" tabIndex={checking ? -1 : undefined}>
              {t('menu.login')}
            </Link>
          </li>
          <li>
            <Link to="/registrati" className="acct-link acct-register" tabIndex={checking ? -1 : undefined}>
              {t('menu.register')}
            </Link>
          </li>
        </ul>
      </nav>
    );
  }

  const { customer } = state;
  const name =
    customer.tipo_cliente === 'azienda'
      ? displayName(customer).slice(0, MENU_NAME_LENGTH)
      : (customer.dati_privato?.nome ?? displayName(customer));
  const close = () => setOpen(false);
  return (
    <nav className="acct-menu" aria-label={t('menu.label')} ref={root}>
      <button
        type="button"
        className="acct-link acct-login acct-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="acct-menu-name" data-testid="account-name">
          {name}
        </span>
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id={menuId} className="acct-menu-list" hidden={!open}>
        <li>
          <Link to="/profilo" onClick={close}>
            {t('menu.profile')}
          </Link>
        </li>
        <li>
          <Link to="/ordini/storico" onClick={close}>
            {t('menu.orders')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              close();
              void session.logout();
            }}
          >
            {t('menu.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
