import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '@edicola/contracts';
import { failureText } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';

/**
 * The admin's own enrolment: the QR code and the secret in text for the authenticator app, a first code to
 * confirm, then the 10 recovery codes, shown this once.
 */
export function TwoFactorDialog({ onClose, onEnabled }: { onClose: () => void; onEnabled: () => void }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeId = useId();

  useEffect(() => {
    let live = true;
    api.staff.startTwoFactor().then(
      (started) => live && setSetup(started),
      (failure: unknown) => live && setError(failureText(failure, t('staff.saveError'))),
    );
    return () => {
      live = false;
    };
  }, [api, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const confirmed = await api.staff.confirmTwoFactor(code);
      setCodes(confirmed.recovery_codes);
      onEnabled();
    } catch (failure) {
      setError(failureText(failure, t('staff.saveError')));
      document.getElementById(codeId)?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <Dialog title={t('staff.recoveryTitle')} onClose={onClose}>
        <p>{t('staff.recoveryIntro')}</p>
        <ul className="adm-recovery-codes" data-testid="recovery-codes">
          {codes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ul>
        <div className="adm-actions">
          <button type="button" className="adm-button" onClick={onClose}>
            {t('staff.temporaryDone')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('staff.enrolTitle')} onClose={onClose}>
      {!setup && !error && (
        <p className="adm-status" role="status">
          {t('common.loading')}
        </p>
      )}
      {setup && (
        <form onSubmit={submit} noValidate>
          <p>{t('staff.enrolIntro')}</p>
          <img className="adm-qr" src={setup.qr_code} alt={t('staff.qrAlt')} width={200} height={200} />
          <p>
            {t('staff.secretText')}{' '}
            <code className="adm-secret" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <label htmlFor={codeId}>{t('login.code')}</label>
          <input
            id={codeId}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <DialogActions
            error={error}
            onCancel={onClose}
            submitLabel={t('staff.enrolConfirm')}
            disabled={busy}
          />
        </form>
      )}
      {!setup && error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
