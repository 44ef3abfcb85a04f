import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDataExport } from '@edicola/contracts';
import { failureText, formatCents, formatDay, saveFile } from '@edicola/web-kit';
import type { AccountApi } from '../api';
import type { CustomerSession } from '../session';
import { AlertDialog } from './AlertDialog';

/**
 * /profilo's 'I miei dati' (docs/product/account.md#data-export, docs/product/account.md#erasure): the customer's
 * data as a JSON file or as a page to read, and the erasure of the account after a dialog that says what the shop
 * keeps and why.
 */
export function MyData({
  api,
  session,
  token,
}: {
  api: AccountApi;
  session: CustomerSession;
  token: string;
}) {
  const { t } = useTranslation('account');
  const [data, setData] = useState<CustomerDataExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [erasing, setErasing] = useState(false);

  const load = async (then: (answer: CustomerDataExport) => void) => {
    setBusy(true);
    setError(null);
    try {
      then(await api.exportData(token));
    } catch (failure) {
      setError(failureText(failure, t('myData.error')));
      session.refused(failure);
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    load((answer) =>
      saveFile(
        { blob: new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }), filename: null },
        'i-miei-dati.json',
      ),
    );

  return (
    <section className="acct-card acct-card-wide acct-details" aria-labelledby="acct-data-title">
      <h2 id="acct-data-title">{t('myData.title')}</h2>
      <p className="acct-muted">{t('myData.intro')}</p>
      <div className="acct-actions">
        <button
          type="button"
          className="acct-button acct-button-light"
          disabled={busy}
          onClick={() => void download()}
        >
          {t('myData.download')}
        </button>
        <button
          type="button"
          className="acct-button acct-button-light"
          disabled={busy}
          onClick={() => void load(setData)}
        >
          {t('myData.read')}
        </button>
        <button type="button" className="acct-button" onClick={() => setErasing(true)}>
          {t('myData.erase')}
        </button>
      </div>
      {busy && (
        <p className="acct-status" role="status">
          {t('myData.loading')}
        </p>
      )}
      {error && (
        <p className="acct-error" role="alert">
          {error}
        </p>
      )}
      {data && <ReadableData data={data} />}
      {erasing && <EraseDialog api={api} session={session} token={token} onClose={() => setErasing(false)} />}
    </section>
  );
}

function ReadableData({ data }: { data: CustomerDataExport }) {
  const { t, i18n } = useTranslation('account');
  const day = (iso: string) => formatDay(iso, i18n.language);
  const profile = data.profile;
  const person = profile.dati_privato;
  const company = profile.dati_azienda;
  const newsletter = data.consents.newsletter;
  return (
    <div className="acct-readable" data-testid="my-data">
      <h3>{t('myData.profile')}</h3>
      <dl className="acct-info">
        {[
          [t('fields.email'), profile.email],
          [t('fields.telefono'), profile.telefono],
          ...(person
            ? [
                [t('fields.nome'), `${person.nome} ${person.cognome}`],
                [t('fields.codice_fiscale'), person.codice_fiscale],
              ]
            : []),
          ...(company
            ? [
                [t('fields.ragione_sociale'), company.ragione_sociale],
                [t('fields.piva'), company.piva],
              ]
            : []),
          [
            t('profile.address'),
            `${profile.indirizzo.street}, ${profile.indirizzo.cap} ${profile.indirizzo.city} (${profile.indirizzo.province})`,
          ],
          [t('myData.since'), day(profile.created_at)],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h3>{t('myData.orders')}</h3>
      {data.orders.length === 0 ? (
        <p className="acct-muted">{t('myData.noOrders')}</p>
      ) : (
        <ul>
          {data.orders.map((order) => (
            <li key={order.id}>
              {order.order_reference} · {day(order.order_date)} · {formatCents(order.total_cents)} ·{' '}
              {order.items.map((line) => `${line.quantity} × ${line.title ?? line.article_id}`).join(', ')}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('myData.reviews')}</h3>
      {data.reviews.length === 0 ? (
        <p className="acct-muted">{t('myData.noReviews')}</p>
      ) : (
        <ul>
          {data.reviews.map((review) => (
            <li key={review.id}>
              {review.article_title ?? review.article_id} · {review.rating}/5 · {review.title}:{' '}
              {review.comment}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('myData.consents')}</h3>
      <p>
        {newsletter && !newsletter.unsubscribed_at
          ? t('myData.newsletterYes', {
              date: day(newsletter.confirmed_at ?? newsletter.subscribed_at),
              version: newsletter.text_version ?? '—',
            })
          : t('myData.newsletterNo')}
      </p>
    </div>
  );
}

function EraseDialog({
  api,
  session,
  token,
  onClose,
}: {
  api: AccountApi;
  session: CustomerSession;
  token: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('myData.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.eraseAccount(token, password);
      // The account is gone: the session ends here too, and the visitor goes home.
      await session.logout();
    } catch (failure) {
      setError(failureText(failure, t('myData.eraseError')));
      setBusy(false);
    }
  };

  return (
    <AlertDialog id="acct-erase" initialFocus="input" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id="acct-erase-title">{t('myData.eraseTitle')}</h2>
        <div id="acct-erase-text">
          <p>{t('myData.eraseWhat')}</p>
          <p>{t('myData.eraseKept')}</p>
        </div>
        <label htmlFor="acct-erase-password">{t('myData.erasePassword')}</label>
        <input
          id="acct-erase-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p className="acct-error" role="alert">
            {error}
          </p>
        )}
        <div className="acct-dialog-actions">
          <button type="button" className="acct-button acct-button-light" onClick={onClose}>
            {t('myData.eraseCancel')}
          </button>
          <button type="submit" className="acct-button" disabled={busy} aria-busy={busy}>
            {busy ? t('myData.erasing') : t('myData.eraseConfirm')}
          </button>
        </div>
      </form>
    </AlertDialog>
  );
}
