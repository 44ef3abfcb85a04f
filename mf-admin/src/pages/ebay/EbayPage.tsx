import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EbayAccount } from '@edicola/contracts';
import { failureText, formatDateTime, formatShortDate, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { browser } from '../../frame/browser';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadStatus } from '../../ui/LoadStatus';
import { Reconciliations } from './Reconciliations';

const when = (iso: string | null, never: string) => (iso ? formatDateTime(iso) : never);

/**
 * /gestione/ebay: the shop's eBay account (mode, connection, token, when eBay was last reached), connecting and
 * disconnecting it (admin), the sync on demand and the hourly reconciliation's history.
 */
export default function EbayPage() {
  const { t } = useTranslation('admin');
  const { api, isAdmin } = useAdmin();
  const account = useLoad((signal) => api.channels.account(signal), 'ebay-account');
  const runs = useLoad((signal) => api.channels.reconciliations(signal), 'ebay-runs');
  const banner = useBanner();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // eBay's consent sends the browser back here with ?ebay=connected (or the reason it did not connect).
  const returned = params.get('ebay');
  const { show } = banner;
  useEffect(() => {
    if (!returned) return;
    if (returned === 'connected') show('success', t('ebay.connected'));
    else show('error', t('ebay.connectFailed'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('ebay');
        return next;
      },
      { replace: true },
    );
  }, [returned, show, setParams, t]);

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      banner.show('success', done);
    } catch (failure) {
      banner.show('error', failureText(failure, t('ebay.actionError')));
    } finally {
      setBusy(false);
      account.reload();
      runs.reload();
    }
  };

  const connect = async () => {
    setBusy(true);
    try {
      const { consent_url } = await api.channels.connect();
      browser.assign(consent_url);
    } catch (failure) {
      banner.show('error', failureText(failure, t('ebay.connectError')));
      setBusy(false);
    }
  };

  const a = account.data;
  const on = a !== undefined && a.mode !== 'off';
  return (
    <section aria-labelledby="adm-tab-title" className="adm-ebay">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('ebay.heading')}</h2>
        {on && (
          <div className="adm-row-actions">
            {isAdmin && (
              <button type="button" className="adm-button" disabled={busy} onClick={() => void connect()}>
                {a.connected ? t('ebay.reconnect') : t('ebay.connect')}
              </button>
            )}
            {a.connected && (
              <button
                type="button"
                className="adm-button adm-button-light"
                disabled={busy}
                onClick={() => void act(() => api.channels.sync(), t('ebay.synced'))}
              >
                {t('ebay.sync')}
              </button>
            )}
            {isAdmin && a.connected && (
              <button
                type="button"
                className="adm-button adm-button-light"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('ebay.disconnect')}
              </button>
            )}
          </div>
        )}
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      <LoadStatus loaded={account} errorText={failureText(account.error, t('ebay.loadError'))} />
      {a && <AccountCard account={a} isAdmin={isAdmin} />}
      {a && a.connected && (
        <Reconciliations
          runs={runs}
          busy={busy}
          onCheck={() => void act(() => api.channels.reconcile(), t('ebay.runs.checked'))}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('ebay.disconnectTitle')}
          message={t('ebay.disconnectConfirm')}
          confirmLabel={t('ebay.disconnect')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void act(() => api.channels.disconnect(), t('ebay.disconnected'));
          }}
        />
      )}
    </section>
  );
}

function AccountCard({ account: a, isAdmin }: { account: EbayAccount; isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  if (a.mode === 'off') {
    return (
      <div className="adm-empty" data-testid="ebay-off">
        <p>
          <strong>{t('ebay.off')}</strong>
        </p>
        <p>{t('ebay.offHowTo')}</p>
      </div>
    );
  }
  const never = t('ebay.never');
  return (
    <>
      <p className="adm-muted" data-testid="ebay-mode">
        <span className={a.mode === 'demo' ? 'adm-badge adm-badge-warn' : 'adm-badge adm-badge-ok'}>
          {t(`ebay.modes.${a.mode}`)}
        </span>{' '}
        {t(`ebay.modeHints.${a.mode}`)}
      </p>
      {!a.connected ? (
        <div className="adm-empty" data-testid="ebay-not-connected">
          <p>
            <strong>{t('ebay.notConnected')}</strong>
          </p>
          <p>{isAdmin ? t('ebay.connectHowTo') : t('ebay.askAdmin')}</p>
        </div>
      ) : (
        <div className="adm-card adm-wide-card">
          {a.token_state === 'expired' && (
            <p className="adm-error" role="alert">
              {isAdmin ? t('ebay.expired') : `${t('ebay.expired')} ${t('ebay.askAdmin')}`}
            </p>
          )}
          <dl className="adm-facts" data-testid="ebay-account">
            <dt>{t('ebay.username')}</dt>
            <dd>{a.username ?? '—'}</dd>
            <dt>{t('ebay.marketplace')}</dt>
            <dd>{a.marketplace}</dd>
            <dt>{t('ebay.token')}</dt>
            <dd>
              <span
                className={
                  a.token_state === 'valid' ? 'adm-badge adm-badge-ok' : 'adm-badge adm-badge-danger'
                }
              >
                {t(`ebay.tokenStates.${a.token_state}`)}
              </span>
              {a.refresh_token_expires_at && (
                <> {t('ebay.tokenUntil', { date: formatShortDate(a.refresh_token_expires_at) })}</>
              )}
            </dd>
            <dt>{t('ebay.connectedAt')}</dt>
            <dd>{when(a.connected_at, never)}</dd>
            <dt>{t('ebay.lastReached')}</dt>
            <dd>{when(a.last_reached_at, never)}</dd>
            <dt>{t('ebay.lastSync')}</dt>
            <dd>{when(a.last_sync_at, never)}</dd>
            <dt>{t('ebay.lastOrders')}</dt>
            <dd>{when(a.last_orders_read_at, never)}</dd>
            <dt>{t('ebay.pending')}</dt>
            <dd data-testid="ebay-pending">{a.pending_updates}</dd>
            <dt>{t('ebay.listed')}</dt>
            <dd data-testid="ebay-listed">{a.listed}</dd>
          </dl>
        </div>
      )}
      {a.last_error && (
        <p className="adm-error" role="note" data-testid="ebay-last-error">
          {t('ebay.lastError', { error: a.last_error })}
        </p>
      )}
    </>
  );
}
