import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../../frame/context';
import { saveFile, failureText } from '@edicola/web-kit';
import type { Notify } from './OrderActions';
import { todayInRome } from './orderQuery';

/** The month's takings for the accountant: GET /api/exports/takings.csv?month=YYYY-MM. */
export function TakingsExport({ notify }: { notify: Notify }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [month, setMonth] = useState(todayInRome().slice(0, 7));
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return notify('error', t('orders.takings.invalid'));
    setBusy(true);
    try {
      saveFile(await api.orders.takingsCsv(month), `incassi-${month}.csv`);
      notify('success', t('orders.export.done'));
    } catch (failure) {
      notify('error', failureText(failure, t('orders.takings.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="adm-inline-form adm-takings" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('orders.takings.title')}</h3>
      <span className="adm-field">
        <label htmlFor={`${id}-month`}>{t('orders.takings.month')}</label>
        <input
          id={`${id}-month`}
          type="month"
          value={month}
          placeholder="2026-11"
          onChange={(e) => setMonth(e.target.value)}
        />
      </span>
      <button type="submit" className="adm-button adm-button-light" disabled={busy}>
        {t('orders.takings.submit')}
      </button>
    </form>
  );
}
