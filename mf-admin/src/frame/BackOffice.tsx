import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StaffMe } from '@edicola/contracts';
import type { AdminApi } from '../api';
import { clearStaffToken } from '../staffToken';
import { Banner, useBanner } from '../ui/Banner';
import { Dialog } from '../ui/Dialog';
import { AdminContext, type AdminContextValue } from './context';
import { useCounterApp } from './counterApp';
import { LanguageSelect } from './LanguageSelect';
import { mustChangePassword, setMustChangePassword } from './mustChangePassword';
import { PasswordForm } from './PasswordForm';
import { useCounts, type TabCounts } from './useCounts';
import { usePageTitle } from '@edicola/web-kit';

// Links are absolute: relative ones inside the shell's /gestione/* splat route would nest.
// Each tab is a chunk of its own: /gestione loads only the frame and the tab it opens. Their names are what
// bench/admin-budget.mjs measures.
const ArticlesTab = lazy(
  () => import(/* webpackChunkName: "tab-articles" */ '../pages/articles/ArticlesTab'),
);
const OrdersTab = lazy(() => import(/* webpackChunkName: "tab-orders" */ '../pages/orders/OrdersTab'));
const OrderPage = lazy(() => import(/* webpackChunkName: "order-page" */ '../pages/orders/OrderPage'));
const CustomersTab = lazy(
  () => import(/* webpackChunkName: "tab-customers" */ '../pages/customers/CustomersTab'),
);
const CustomerPage = lazy(
  () => import(/* webpackChunkName: "customer-page" */ '../pages/customers/CustomerPage'),
);
const DiscountsTab = lazy(
  () => import(/* webpackChunkName: "tab-discounts" */ '../pages/discounts/DiscountsTab'),
);
const GiftCardsTab = lazy(
  () => import(/* webpackChunkName: "tab-gift-cards" */ '../pages/gift-cards/GiftCardsTab'),
);
const StatsTab = lazy(() => import(/* webpackChunkName: "tab-stats" */ '../pages/stats/StatsTab'));
const ReviewsTab = lazy(() => import(/* webpackChunkName: "tab-reviews" */ '../pages/reviews/ReviewsTab'));
const ShippingTab = lazy(
  () => import(/* webpackChunkName: "tab-shipping" */ '../pages/shipping/ShippingTab'),
);
const CounterPage = lazy(() => import(/* webpackChunkName: "tab-counter" */ '../pages/counter/CounterPage'));
const EbayPage = lazy(() => import(/* webpackChunkName: "tab-ebay" */ '../pages/ebay/EbayPage'));
const HomePage = lazy(() => import(/* webpackChunkName: "tab-home" */ '../pages/home/HomePage'));
const StaffTab = lazy(() => import(/* webpackChunkName: "tab-staff" */ '../pages/staff/StaffTab'));
const AuditTab = lazy(() => import(/* webpackChunkName: "tab-audit" */ '../pages/audit/AuditTab'));

interface Tab {
  path: string;
  label: string;
  count?: number;
  alert?: number;
  alertLabel?: string;
}

/** The tabs a cashier sees: the counter first, then articles and orders to read (docs/product/counter.md#roles). */
const CASHIER_TABS = ['cassa', 'articoli', 'ordini'];

/** The admins' own tabs (docs/product/back-office.md#staff-accounts). */
const ADMIN_TABS = ['personale', 'registro', 'buoni-regalo'];

function tabsOf(t: TFunction<'admin'>, counts: TabCounts, cashier: boolean, admin: boolean): Tab[] {
  const counter: Tab = { path: 'cassa', label: t('tabs.counter') };
  const all: Tab[] = [
    { path: '', label: t('tabs.home') },
    {
      path: 'articoli',
      label: t('tabs.articles'),
      count: counts.articles,
      alert: counts.lowStock,
      alertLabel: t('tabs.lowStockAlert', { n: counts.lowStock ?? 0 }),
    },
    { path: 'prevendita', label: t('tabs.presale'), count: counts.prevendita },
    { path: 'prenotazione', label: t('tabs.reservation'), count: counts.prenotazione },
    {
      path: 'ordini',
      label: t('tabs.orders'),
      count: counts.orders,
      alert: counts.ordersAlert,
      alertLabel: t('tabs.ordersAlert', { n: counts.ordersAlert ?? 0 }),
    },
    { path: 'clienti', label: t('tabs.customers') },
    { path: 'sconti', label: t('tabs.discounts') },
    // Gift cards are money: an admin's (docs/product/back-office.md#gift-cards).
    { path: 'buoni-regalo', label: t('tabs.giftCards') },
    { path: 'statistiche', label: t('tabs.stats') },
    {
      path: 'recensioni',
      label: t('tabs.reviews'),
      count: counts.reviews,
      alert: counts.reviewsPending,
      alertLabel: t('tabs.reviewsAlert', { n: counts.reviewsPending ?? 0 }),
    },
    { path: 'spedizioni', label: t('tabs.shipping'), count: counts.shippingRules },
    { path: 'ebay', label: t('tabs.ebay') },
    { path: 'personale', label: t('tabs.staff') },
    { path: 'registro', label: t('tabs.audit') },
  ].filter((tab) => admin || !ADMIN_TABS.includes(tab.path));
  return cashier ? [counter, ...all.filter((tab) => CASHIER_TABS.includes(tab.path))] : [...all, counter];
}

/**
 * /gestione/*: the back office's own frame (docs/product/back-office.md#frame, docs/decisions/0060): a slim header
 * (shop, user and role, language, password, 'Esci'), the navigation with its counts and alerts (a side bar on a
 * wide screen, a bar under the header otherwise), and the page of the address at full width.
 */
export function BackOffice({
  api,
  staff,
  mediaBaseUrl,
  demo = false,
}: {
  api: AdminApi;
  staff: StaffMe;
  mediaBaseUrl: string;
  /** A demo shop (runtime configuration's demoMode): the header says so. */
  demo?: boolean;
}) {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  useCounterApp();
  const navigate = useNavigate();
  const cashier = staff.role === 'cashier';
  const { counts, refresh } = useCounts(api, cashier);
  const home = cashier ? '/gestione/cassa' : '/gestione';
  const [changingPassword, setChangingPassword] = useState(false);
  const [forced, setForced] = useState(() => mustChangePassword());
  const [loggingOut, setLoggingOut] = useState(false);
  const banner = useBanner();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // A bar that scrolls sideways (below 1200 px) keeps the current section's tab in sight, also once the counts
  // arrive and widen the tabs before it.
  useEffect(() => {
    nav.current
      ?.querySelector<HTMLElement>('.adm-tab.active')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, counts]);

  const logout = async () => {
    setLoggingOut(true);
    // The token stops working on the server; whatever the answer, this browser forgets it.
    await api.auth.logout().catch(() => undefined);
    clearStaffToken();
    setMustChangePassword(false);
    navigate('/gestione/login', { replace: true });
  };

  const context = useMemo<AdminContextValue>(
    () => ({
      api,
      staff,
      isAdmin: staff.role === 'admin',
      readOnly: cashier,
      mediaBaseUrl,
      refreshCounts: refresh,
    }),
    [api, staff, cashier, mediaBaseUrl, refresh],
  );

  const header = (
    <header className="adm-header">
      <a className="adm-skip" href="#adm-content">
        {t('frame.skip')}
      </a>
      <h1 className="adm-brand">
        <span className="adm-brand-mark" aria-hidden="true">
          E
        </span>
        <span>{t('frame.shopName')}</span> <span className="adm-brand-area">{t('dashboard.title')}</span>
      </h1>
      {demo && <span className="adm-badge adm-badge-warn">{t('frame.demo')}</span>}
      <div className="adm-header-tools">
        <p className="adm-user">
          <span className="adm-visually-hidden">{t('dashboard.loggedInAs')} </span>
          <strong data-testid="staff-username">{staff.username}</strong>{' '}
          <span className="adm-role">({t(`roles.${staff.role}`)})</span>
        </p>
        <LanguageSelect />
        {!forced && (
          <button
            type="button"
            className="adm-button adm-button-light adm-button-small"
            onClick={() => setChangingPassword(true)}
          >
            {t('password.open')}
          </button>
        )}
        <button
          type="button"
          className="adm-button adm-button-light adm-button-small"
          onClick={logout}
          disabled={loggingOut}
        >
          {t('dashboard.logout')}
        </button>
      </div>
    </header>
  );

  if (forced) {
    return (
      <div className="adm-frame">
        {header}
        <div id="adm-content" className="adm-card adm-forced" tabIndex={-1}>
          <h2>{t('password.forcedTitle')}</h2>
          <p>{t('password.forcedIntro')}</p>
          <PasswordForm
            api={api}
            onDone={() => {
              setMustChangePassword(false);
              setForced(false);
              banner.show('success', t('password.changed'));
            }}
          />
        </div>
      </div>
    );
  }

  return (
    <AdminContext.Provider value={context}>
      <div className="adm-frame">
        {header}
        <nav className="adm-nav" aria-label={t('tabs.label')} ref={nav}>
          {tabsOf(t, counts, cashier, staff.role === 'admin').map((tab) => (
            <NavLink
              key={tab.path}
              to={tab.path ? `/gestione/${tab.path}` : '/gestione'}
              end={!tab.path}
              className="adm-tab"
            >
              <span>{tab.label}</span>
              {tab.count !== undefined && <span className="adm-count">{tab.count}</span>}
              {!!tab.alert && (
                <span className="adm-alert" aria-label={tab.alertLabel} title={tab.alertLabel}>
                  {tab.alert}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        <div id="adm-content" className="adm-tab-panel" tabIndex={-1}>
          <Banner message={banner.message} onClose={banner.clear} />
          <Suspense
            fallback={
              <p className="adm-status" role="status">
                {t('common.loading')}
              </p>
            }
          >
            <Routes>
              <Route
                index
                element={cashier ? <Navigate to={home} replace /> : <HomePage counts={counts} />}
              />
              <Route path="cassa" element={<CounterPage />} />
              <Route path="articoli" element={<ArticlesTab kind="all" />} />
              <Route path="ordini" element={<OrdersTab />} />
              <Route path="ordini/:id" element={<OrderPage />} />
              {!cashier && (
                <>
                  <Route path="prevendita" element={<ArticlesTab kind="prevendita" />} />
                  <Route path="prenotazione" element={<ArticlesTab kind="prenotazione" />} />
                  <Route path="clienti" element={<CustomersTab />} />
                  <Route path="clienti/ospite" element={<CustomerPage guest />} />
                  <Route path="clienti/:id" element={<CustomerPage />} />
                  <Route path="sconti" element={<DiscountsTab />} />
                  {staff.role === 'admin' && <Route path="buoni-regalo" element={<GiftCardsTab />} />}
                  <Route path="statistiche" element={<StatsTab />} />
                  <Route path="recensioni" element={<ReviewsTab />} />
                  <Route path="spedizioni" element={<ShippingTab />} />
                  <Route path="ebay" element={<EbayPage />} />
                </>
              )}
              {staff.role === 'admin' && (
                <>
                  <Route path="personale" element={<StaffTab />} />
                  <Route path="registro" element={<AuditTab />} />
                </>
              )}
              <Route path="*" element={<Navigate to={home} replace />} />
            </Routes>
          </Suspense>
        </div>
      </div>
      {changingPassword && (
        <Dialog title={t('password.title')} onClose={() => setChangingPassword(false)}>
          <PasswordForm
            api={api}
            onDone={() => {
              setChangingPassword(false);
              banner.show('success', t('password.changed'));
            }}
            onCancel={() => setChangingPassword(false)}
          />
        </Dialog>
      )}
    </AdminContext.Provider>
  );
}
