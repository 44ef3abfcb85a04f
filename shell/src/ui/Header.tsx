import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@edicola/contracts';
import { LanguageSelector } from './LanguageSelector';
import { RemoteSlot } from './RemoteSlot';
import { SearchBox } from './SearchBox';
import type { RemoteComponents } from '../remotes';
import { useCustomerSignedIn } from '../customerSignedIn';
import { useLocalizedPath } from '../pageLanguage';

/**
 * The nav links of docs/product/storefront.md#navigation, in order, without the back office: shoppers have no
 * use for it, so its link
 * is a discreet one in the footer (docs/decisions/0011-storefront-speed.md). A signed-in customer is not offered
 * 'Accedi' and 'Registrati'.
 */
export const NAV_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/prodotti', label: 'nav.products' },
  { to: '/chi-siamo', label: 'nav.about' },
  { to: '/contatto', label: 'nav.contact' },
  { to: '/termini', label: 'nav.terms' },
  { to: '/accedi', label: 'nav.login', anonymousOnly: true },
  { to: '/registrati', label: 'nav.register', anonymousOnly: true },
  { to: '/profilo', label: 'nav.profile' },
] as const;

interface HeaderProps {
  config: RuntimeConfig;
  remotes: RemoteComponents;
}

/** The nav's links that only a visitor is offered: the header shows them too. */
const VISITOR_LINKS = NAV_LINKS.filter((link) => 'anonymousOnly' in link);

const noSubscription = () => () => {};

/**
 * A visitor's way in, the shell's own, so that a new visitor's page does not load mf-account (whose customer
 * menu needs a stored session). The server's first paint cannot see a stored session: there the links keep
 * their place unseen, as the customer menu's do while it checks the session, so a customer sees no flash of
 * 'Accedi' and nothing moves when the app shows them.
 */
function VisitorLinks() {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  const pending = !useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <nav className="visitor-links" aria-label={t('nav.account')}>
      <ul className={pending ? 'visitor-links-pending' : undefined} aria-hidden={pending || undefined}>
        {VISITOR_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={localized(link.to)}
              className={`visitor-link visitor-link-${link.to.slice(1)}`}
              tabIndex={pending ? -1 : undefined}
            >
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One row on every screen: brand, search box, account menu (a customer's, from mf-account; a visitor's links
 * otherwise), language and, on a phone, a search button that opens the search box over the page and a menu
 * button that opens the nav (with the language selector inside it). The cart is mf-checkout's floating button.
 * Every link leads to the page in the current language.
 */
export function Header({ config, remotes }: HeaderProps) {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  // On a phone the search box opens over the page, on the page where it was opened (the page it leads to
  // closes it), and takes the focus (the keyboard comes up).
  const { pathname } = useLocation();
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname;
  const search = useRef<HTMLDivElement>(null);
  const closeMenu = () => setMenuOpen(false);
  useEffect(() => {
    if (searchOpen) search.current?.querySelector('input')?.focus();
  }, [searchOpen]);
  const customer = useCustomerSignedIn();
  const links = NAV_LINKS.filter((link) => !(customer && 'anonymousOnly' in link));
  return (
    <>
      {/* Above the sticky header, so it scrolls away instead of taking a phone's screen for good. */}
      {config.demoMode && <p className="demo-notice">{t('demo.notice')}</p>}
      <header className="site-header">
        <div className="container header-bar">
          <Link to={localized('/')} className="brand" onClick={closeMenu}>
            <span className="brand-mark" aria-hidden="true">
              E
            </span>
            <span className="brand-text">
              <span className="brand-name">{t('brand.name')}</span>
              <span className="brand-tagline">{t('brand.tagline')}</span>
            </span>
          </Link>
          <div
            id="header-search"
            ref={search}
            className={searchOpen ? 'header-search open' : 'header-search'}
          >
            <SearchBox config={config} />
          </div>
          <div className="header-tools">
            {customer ? (
              <RemoteSlot name="mf_account" component={remotes.AccountMenu} config={config} compact />
            ) : (
              <VisitorLinks />
            )}
            <div className="header-language">
              <LanguageSelector />
            </div>
            <button
              type="button"
              className="search-toggle"
              aria-expanded={searchOpen}
              aria-controls="header-search"
              onClick={() => setSearchOpenOn(searchOpen ? null : pathname)}
              data-replay="search"
            >
              <svg className="search-toggle-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="M15.5 15.5 21 21" />
              </svg>
              <span className="visually-hidden">{t('search.open')}</span>
            </button>
            <button
              type="button"
              className="nav-toggle"
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
              data-replay="menu"
            >
              <svg className="nav-toggle-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M3 6h18M3 12h18M3 18h18" />
              </svg>
              <span className="nav-toggle-text">{t('nav.menu')}</span>
            </button>
          </div>
        </div>
        <nav id="main-nav" className={menuOpen ? 'main-nav open' : 'main-nav'} aria-label={t('nav.label')}>
          <ul className="container">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={localized(link.to)} end onClick={closeMenu}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          {menuOpen && (
            <div className="container nav-language">
              <LanguageSelector />
            </div>
          )}
        </nav>
      </header>
    </>
  );
}
