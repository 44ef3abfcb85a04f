import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffRole, type StaffAccount, type StaffTemporaryPassword } from '@edicola/contracts';
import { failureText, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadStatus } from '../../ui/LoadStatus';
import { RowButton } from '../../ui/RowButton';
import { NewAccountDialog } from './NewAccountDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

type Asking = { kind: 'deactivate' | 'resetPassword' | 'resetTwoFactor'; account: StaffAccount };

/**
 * Personale (admin only, docs/product/back-office.md#staff-accounts): the accounts with their role and state, a
 * new one, deactivation, a temporary password, another admin's second factor reset, and the admin's own
 * enrolment in two factors.
 */
export default function StaffTab() {
  const { t } = useTranslation('admin');
  const { api, staff } = useAdmin();
  const list = useLoad((signal) => api.staff.list(signal), 'staff');
  const banner = useBanner();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<StaffTemporaryPassword | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [busy, setBusy] = useState(false);
  const me = list.data?.find((account) => account.id === staff.user_id);

  const run = async <T,>(work: () => Promise<T>, done: (result: T) => void) => {
    setBusy(true);
    try {
      done(await work());
      list.reload();
    } catch (failure) {
      banner.show('error', failureText(failure, t('staff.saveError')));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const changeRole = (account: StaffAccount, role: StaffRole) =>
    run(
      () => api.staff.changeRole(account.id, role),
      () => banner.show('success', t('staff.roleChanged', { username: account.username })),
    );
  const reactivate = (account: StaffAccount) =>
    run(
      () => api.staff.setActive(account.id, true),
      () => banner.show('success', t('staff.reactivated', { username: account.username })),
    );
  const confirm = () => {
    if (!asking) return;
    const { kind, account } = asking;
    if (kind === 'deactivate')
      return run(
        () => api.staff.setActive(account.id, false),
        () => banner.show('success', t('staff.deactivated', { username: account.username })),
      );
    if (kind === 'resetPassword') return run(() => api.staff.resetPassword(account.id), setShown);
    return run(
      () => api.staff.resetTwoFactor(account.id),
      () => banner.show('success', t('staff.twoFactorReset', { username: account.username })),
    );
  };

  return (
    <section aria-labelledby="adm-tab-title">
      <div className="adm-tab-head">
        <h2 id="adm-tab-title">{t('staff.heading')}</h2>
        <button type="button" className="adm-button" onClick={() => setCreating(true)}>
          {t('staff.new')}
        </button>
      </div>
      <Banner message={banner.message} onClose={banner.clear} />
      {me && (
        <div className="adm-card adm-two-factor" data-testid="own-two-factor">
          <h3>{t('staff.ownTwoFactor')}</h3>
          {me.two_factor ? (
            <p>{t('staff.twoFactorOn')}</p>
          ) : (
            <>
              <p>{t('staff.twoFactorOff')}</p>
              <button type="button" className="adm-button" onClick={() => setEnrolling(true)}>
                {t('staff.enrol')}
              </button>
            </>
          )}
        </div>
      )}
      <LoadStatus loaded={list} errorText={t('staff.loadError')} />
      {list.data && (
        <div className="adm-table-wrap" role="region" aria-label={t('staff.heading')} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{t('staff.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.username')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.state')}</th>
                <th scope="col">{t('staff.twoFactor')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((account) => (
                <tr key={account.id} data-testid="staff-row">
                  <td>{account.username}</td>
                  <td>
                    <select
                      aria-label={t('staff.roleOf', { username: account.username })}
                      value={account.role}
                      disabled={busy}
                      onChange={(event) => changeRole(account, StaffRole.parse(event.target.value))}
                    >
                      {StaffRole.options.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {account.active ? t('staff.active') : t('staff.inactive')}
                    {account.active && account.must_change_password && (
                      <span className="adm-muted"> · {t('staff.mustChange')}</span>
                    )}
                  </td>
                  <td>{account.two_factor ? t('staff.twoFactorYes') : t('staff.twoFactorNo')}</td>
                  <td className="adm-row-actions">
                    {account.active ? (
                      <RowButton
                        label={t('staff.deactivate')}
                        of={account.username}
                        tone="danger"
                        disabled={busy}
                        onClick={() => setAsking({ kind: 'deactivate', account })}
                      />
                    ) : (
                      <RowButton
                        label={t('staff.reactivate')}
                        of={account.username}
                        disabled={busy}
                        onClick={() => reactivate(account)}
                      />
                    )}
                    <RowButton
                      label={t('staff.resetPassword')}
                      of={account.username}
                      disabled={busy}
                      onClick={() => setAsking({ kind: 'resetPassword', account })}
                    />
                    {account.two_factor && account.id !== staff.user_id && (
                      <RowButton
                        label={t('staff.resetTwoFactor')}
                        of={account.username}
                        disabled={busy}
                        onClick={() => setAsking({ kind: 'resetTwoFactor', account })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <NewAccountDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
            list.reload();
          }}
        />
      )}
      {shown && <TemporaryPasswordDialog shown={shown} onClose={() => setShown(null)} />}
      {asking && (
        <ConfirmDialog
          title={t(`staff.confirm.${asking.kind}.title`, { username: asking.account.username })}
          message={t(`staff.confirm.${asking.kind}.message`, { username: asking.account.username })}
          confirmLabel={t(`staff.confirm.${asking.kind}.button`)}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
      {enrolling && (
        <TwoFactorDialog
          onClose={() => setEnrolling(false)}
          onEnabled={() => {
            list.reload();
          }}
        />
      )}
    </section>
  );
}
