import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { ShellApi } from '../api';
import { OpeningHours, ShopContact } from '../ui/ShopContact';
import { SHOP } from '../shopInfo';
import { usePageTitle } from '../ui/usePageTitle';

const EMPTY = { name: '', email: '', telefono: '', messaggio: '' };
type Field = keyof typeof EMPTY;
const REQUIRED: readonly Field[] = ['name', 'email', 'messaggio'];
type Outcome = { kind: 'idle' | 'busy' | 'sent' } | { kind: 'error'; message: string };

/** /contatto: address, phone, e-mail, hours, the two marketplaces and the message form. */
export function ContactPage({ api }: { api: ShellApi }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  usePageTitle(t('contact.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'busy') return;
    const trimmed = { ...values };
    for (const key of Object.keys(trimmed) as Field[]) trimmed[key] = trimmed[key].trim();
    if (REQUIRED.some((key) => !trimmed[key]) || !trimmed.email.includes('@')) {
      setOutcome({ kind: 'error', message: t('contact.form.missing') });
      return;
    }
    setOutcome({ kind: 'busy' });
    try {
      await api.sendContactMessage({ ...trimmed, telefono: trimmed.telefono || null });
      setOutcome({ kind: 'sent' });
      setValues(EMPTY);
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.detail : undefined;
      setOutcome({ kind: 'error', message: detail ?? t('contact.form.failed', { phone: SHOP.phone }) });
    }
  };

  const field = (name: Field, type: string, autoComplete: string) => (
    <p className="field">
      <label htmlFor={`${id}-${name}`}>
        {t(`contact.form.${name}`)}
        {REQUIRED.includes(name) ? ' *' : ''}
      </label>
      {name === 'messaggio' ? (
        <textarea
          id={`${id}-${name}`}
          rows={5}
          aria-required="true"
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          type={type}
          autoComplete={autoComplete}
          aria-required={REQUIRED.includes(name)}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </p>
  );

  return (
    <article className="container page-section static-page">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <div className="contact-grid">
        <section aria-labelledby="contact-where">
          <h2 id="contact-where">{t('contact.whereTitle')}</h2>
          <ShopContact />
        </section>
        <section aria-labelledby="contact-hours">
          <h2 id="contact-hours">{t('hours.title')}</h2>
          <OpeningHours />
        </section>
        <section aria-labelledby="contact-marketplaces">
          <h2 id="contact-marketplaces">{t('contact.marketplacesTitle')}</h2>
          <p>{t('contact.marketplacesIntro')}</p>
          <ul className="footer-links">
            {SHOP.marketplaces.map((marketplace) => (
              <li key={marketplace.id}>
                <a href={marketplace.url} target="_blank" rel="noopener noreferrer">
                  {marketplace.name}
                  <span className="visually-hidden"> {t('nav.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="contact-form-title" className="contact-form">
        <h2 id="contact-form-title">{t('contact.form.title')}</h2>
        {outcome.kind === 'sent' ? (
          <p className="form-message ok" role="status">
            {t('contact.form.sent')}
          </p>
        ) : (
          <form className="stack-form" noValidate onSubmit={submit}>
            {field('name', 'text', 'name')}
            {field('email', 'email', 'email')}
            {field('telefono', 'tel', 'tel')}
            {field('messaggio', 'text', 'off')}
            <button type="submit" className="button primary" disabled={outcome.kind === 'busy'}>
              {outcome.kind === 'busy' ? t('contact.form.busy') : t('contact.form.submit')}
            </button>
            <p className="form-message error" role="alert">
              {outcome.kind === 'error' ? outcome.message : ''}
            </p>
          </form>
        )}
      </section>
    </article>
  );
}
