import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { centsToEuros, type CustomerAdminDetail } from '@edicola/contracts';
import {
  failureText,
  formatDateTime,
  formatEuro,
  formatShortDate,
  saveFile,
  useLoad,
  usePageTitle,
} from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Banner, useBanner } from '../../ui/Banner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadStatus } from '../../ui/LoadStatus';
import { CustomerForm } from './CustomerForm';
import { CustomerConsents, CustomerGiftCards } from './CustomerExtras';

/** A definition list of the facts that are there, in order. */
function Facts({ facts }: { facts: [label: string, value: string | null | undefined][] }) {
  return (
    <dl className="adm-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

function InvoiceData({ customer }: { customer: CustomerAdminDetail }) {
  const { t } = useTranslation('admin');
  const p = customer.dati_privato;
  const a = customer.dati_azienda;
  return (
    <div className="adm-card">
      <h3>{t('customers.invoiceData')}</h3>
      {!p && !a && <p className="adm-muted">{t('orders.page.noInvoiceData')}</p>}
      {p && (
        <Facts
          facts={[
            [t('customers.form.nome'), p.nome],
            [t('customers.form.cognome'), p.cognome],
            [t('orders.invoice.cf'), p.codice_fiscale],
          ]}
        />
      )}
      {a && (
        <Facts
          facts={[
            [t('orders.invoice.buyer.companyName'), a.ragione_sociale],
            [t('orders.invoice.piva'), a.piva],
            [t('orders.invoice.buyer.companyCf'), a.codice_fiscale_azienda],
            [t('orders.invoice.buyer.sdi'), a.sdi],
            [t('orders.invoice.buyer.pec'), a.pec],
            [t('customers.form.referente'), a.referente],
          ]}
        />
      )}
    </div>
  );
}

/**
 * /gestione/clienti/{id} and /gestione/clienti/ospite?email= (docs/product/back-office.md#customer-page): who the
 * customer is, what they bought, and for an account the staff's corrections and notes.
 */
export default function CustomerPage({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation('admin');
  const { api, readOnly } = useAdmin();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const key = guest ? `guest:${email}` : id;
  const loaded = useLoad(
    (signal) => (guest ? api.customers.guest(email, signal) : api.customers.get(id, signal)),
    key,
  );
  const [saved, setSaved] = useState<{ key: string; customer: CustomerAdminDetail } | null>(null);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Closed, saved or not, the form gives the focus back to the button that opened it.
  const closeForm = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const banner = useBanner();
  const c = saved?.key === key ? saved.customer : loaded.data;
  const title = c ? (c.dati_azienda?.ragione_sociale ?? c.name ?? c.email) : t('customers.heading');
  usePageTitle(title);

  return (
    <section aria-labelledby="adm-tab-title" className="adm-customer">
      <p>
        <Link to="/gestione/clienti">← {t('customers.backToList')}</Link>
      </p>
      <h2 id="adm-tab-title">
        {title} {c?.kind === 'guest' && <span className="adm-badge">{t('customers.guest')}</span>}
      </h2>
      <Banner message={banner.message} onClose={banner.clear} />
      <LoadStatus loaded={loaded} errorText={failureText(loaded.error, t('customers.loadError'))} />
      {c && (
        <>
          <div className="adm-columns">
            <div className="adm-card">
              <h3>{t('customers.contact')}</h3>
              <Facts
                facts={[
                  [t('orders.customer'), c.name],
                  [t('customers.email'), c.email],
                  [t('customers.phone'), c.telefono],
                  [
                    t('customers.address'),
                    c.indirizzo &&
                      [
                        c.indirizzo.street,
                        [c.indirizzo.cap, c.indirizzo.city, c.indirizzo.province].filter(Boolean).join(' '),
                      ]
                        .filter(Boolean)
                        .join(', '),
                  ],
                  [t('customers.registeredAt'), c.registered_at && formatShortDate(c.registered_at)],
                ]}
              />
              {c.kind === 'guest' && <p className="adm-muted">{t('customers.guestNote')}</p>}
            </div>
            <InvoiceData customer={c} />
            <div className="adm-card">
              <h3>{t('customers.totals')}</h3>
              <Facts
                facts={[
                  [t('customers.orders'), String(c.totals.order_count)],
                  [t('customers.spent'), formatEuro(centsToEuros(c.totals.spent_cents))],
                  [
                    t('customers.lastOrder'),
                    c.totals.last_order_at && formatShortDate(c.totals.last_order_at),
                  ],
                ]}
              />
            </div>
            <CustomerConsents customer={c} />
          </div>

          {c.kind === 'registered' && c.id && <CustomerGiftCards id={c.id} />}
          {c.kind === 'registered' && (
            <div className="adm-card adm-wide-card">
              <h3>{t('customers.notes')}</h3>
              <p data-testid="customer-notes" className="adm-notes">
                {c.notes ?? <span className="adm-muted">{t('customers.noNotes')}</span>}
              </p>
            </div>
          )}
          {c.kind === 'registered' && c.id && !readOnly && !editing && (
            <p>
              <button ref={editButton} type="button" className="adm-button" onClick={() => setEditing(true)}>
                {t('customers.edit')}
              </button>
            </p>
          )}
          {c.kind === 'registered' && c.id && (
            <CustomerData id={c.id} onFailure={(message) => banner.show('error', message)} />
          )}
          {c.kind === 'registered' && c.id && editing && (
            <CustomerForm
              customer={{ ...c, id: c.id }}
              onCancel={closeForm}
              onSaved={(customer) => {
                setSaved({ key, customer });
                closeForm();
                banner.show('success', t('customers.saved'));
              }}
            />
          )}

          <div className="adm-card adm-wide-card">
            <h3>{t('customers.orders')}</h3>
            {c.orders.length === 0 ? (
              <p className="adm-muted">{t('customers.noOrders')}</p>
            ) : (
              <div className="adm-table-wrap" role="region" aria-label={t('customers.orders')} tabIndex={0}>
                <table className="adm-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('orders.id')}</th>
                      <th scope="col">{t('orders.date')}</th>
                      <th scope="col">{t('orders.state')}</th>
                      <th scope="col">{t('orders.total')}</th>
                      <th scope="col">{t('orders.page.refunded')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.orders.map((order) => (
                      <tr key={order.id} data-testid="customer-order">
                        <td>
                          <Link to={`/gestione/ordini/${order.id}`}>{order.reference}</Link>
                        </td>
                        <td>{formatDateTime(order.created_at)}</td>
                        <td>{t(`orders.statuses.${order.status}`)}</td>
                        <td>{formatEuro(centsToEuros(order.total_cents))}</td>
                        <td>{order.refunded_cents ? formatEuro(centsToEuros(order.refunded_cents)) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * An admin's answer to a customer's request by e-mail (docs/product/account.md#data-export,
 * docs/product/account.md#erasure): 'Esporta dati' downloads what the shop holds of them as JSON, 'Cancella i dati'
 * erases the account after a confirmation and goes back to the list.
 */
function CustomerData({ id, onFailure }: { id: string; onFailure: (message: string) => void }) {
  const { t } = useTranslation('admin');
  const { api, isAdmin } = useAdmin();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const exportData = async () => {
    setBusy(true);
    try {
      const data = await api.customers.exportData(id);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      saveFile({ blob, filename: null }, `dati-cliente-${id.slice(-8)}.json`);
    } catch (failure) {
      onFailure(failureText(failure, t('customers.exportError')));
    } finally {
      setBusy(false);
    }
  };
  const erase = async () => {
    setBusy(true);
    try {
      await api.customers.erase(id);
      navigate('/gestione/clienti');
    } catch (failure) {
      setConfirming(false);
      setBusy(false);
      onFailure(failureText(failure, t('customers.eraseError')));
    }
  };
  return (
    <p className="adm-actions">
      <button type="button" className="adm-button" disabled={busy} onClick={() => void exportData()}>
        {t('customers.exportData')}
      </button>
      <button type="button" className="adm-button adm-button-danger" onClick={() => setConfirming(true)}>
        {t('customers.erase')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('customers.eraseTitle')}
          message={t('customers.eraseMessage')}
          confirmLabel={t('customers.erase')}
          busy={busy}
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </p>
  );
}
