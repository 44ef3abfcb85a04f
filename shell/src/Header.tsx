import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@edicola/contracts';
import { LanguageSelector } from './LanguageSelector';
import { RemoteSlot } from './RemoteSlot';
import type { RemoteComponents } from './remotes';

/** The nav links of SPEC §2, in order; /gestione opens in a new tab. */
export const NAV_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/prodotti', label: 'nav.products' },
  { to: '/chi-siamo', label: 'nav.about' },
  { to: '/contatto', label: 'nav.contact' },
  { to: '/termini', label: 'nav.terms' },
  { to: '/gestione', label: 'nav.admin', newTab: true },
  { to: '/accedi', label: 'nav.login' },
  { to: '/registrati', label: 'nav.register' },
  { to: '/profilo', label: 'nav.profile' },
] as const;

interface HeaderProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
}

export function Header({ config, remotes }: HeaderProps) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <header className="site-header">
      {config.demoMode && <p className="demo-notice">{t('demo.notice')}</p>}
      <div className="container header-bar">
        <Link to="/" className="brand" aria-label={t('brand.homeLink')} onClick={closeMenu}>
          <span className="brand-mark" aria-hidden="true">
            E
          </span>
          <span className="brand-text">
            <span className="brand-name">{t('brand.name')}</span>
            <span className="brand-tagline">{t('brand.tagline')}</span>
          </span>
        </Link>
        <div className="header-tools">
          <RemoteSlot name="mf_account" component={remotes.AccountMenu} config={config} compact />
          <LanguageSelector />
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
        </div>
      </div>
      <nav id="main-nav" className={menuOpen ? 'main-nav open' : 'main-nav'} aria-label={t('nav.label')}>
        <ul className="container">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              {'newTab' in link ? (
                <a href={link.to} target="_blank" rel="noopener" onClick={closeMenu}>
                  {t(link.label)}
                  <span className="visually-hidden"> {t('nav.newTab')}</span>
                </a>
              ) : (
                <NavLink to={link.to} end onClick={closeMenu}>
                  {t(link.label)}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
