import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@edicola/web-kit';
import type { ShellApi } from '../api';

type Outcome = 'idle' | 'busy' | 'subscribed' | 'already' | 'invalid' | 'failed';

/**
 * The home page's newsletter form (docs/product/storefront.md#newsletter-form): e-mail, optional name, and
 * its messages.
 */
export function NewsletterForm({ api }: { api: ShellApi }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome === 'busy') return;
    const address = email.trim();
    if (!address || !address.includes('@')) {
      setOutcome('invalid');
      return;
    }
    setOutcome('busy');
    try {
      const answer = await api.subscribe(address, name.trim() || null);
      setOutcome(answer.already_subscribed ? 'already' : 'subscribed');
      if (!answer.already_subscribed) {
        setEmail('');
        setName('');
      }
    } catch (error) {
      // The server decides what an e-mail address is (422: 'a@b' has no domain); anything else is a failure.
      setOutcome(error instanceof ApiError && error.status === 422 ? 'invalid' : 'failed');
    }
  };

  const message: Partial<Record<Outcome, { text: string; ok: boolean }>> = {
    subscribed: { text: t('newsletter.success'), ok: true },
    already: { text: t('newsletter.already'), ok: true },
    invalid: { text: t('newsletter.invalid'), ok: false },
    failed: { text: t('newsletter.failed'), ok: false },
  };
  const shown = message[outcome];

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
        <p>{t('newsletter.intro')}</p>
        <form className="newsletter-form" noValidate onSubmit={submit}>
          <p className="field">
            <label htmlFor={`${id}-email`}>{t('newsletter.email')} *</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              aria-required="true"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </p>
          <p className="field">
            <label htmlFor={`${id}-name`}>{t('newsletter.name')}</label>
            <input
              id={`${id}-name`}
              type="text"
              autoComplete="given-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </p>
          <button type="submit" className="button primary" disabled={outcome === 'busy'}>
            {outcome === 'busy' ? t('newsletter.busy') : t('newsletter.submit')}
          </button>
        </form>
        <p className={shown?.ok ? 'form-message ok' : 'form-message error'} role="status">
          {shown?.text ?? ''}
        </p>
      </div>
    </section>
  );
}
