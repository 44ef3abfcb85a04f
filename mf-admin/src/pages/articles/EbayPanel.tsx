import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EBAY_MAX_BUFFER,
  EbayListingSettingsRequest,
  grossPrice,
  type AdminArticle,
  type EbayListing,
  type EbayListingState,
} from '@edicola/contracts';
import { failureText, formatEuro, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';

const BADGES: Record<EbayListingState, string> = {
  not_listed: 'adm-badge',
  pending: 'adm-badge adm-badge-warn',
  listed: 'adm-badge adm-badge-ok',
  ended: 'adm-badge',
  error: 'adm-badge adm-badge-danger',
};

interface Draft {
  enabled: boolean;
  price: string;
  buffer: string;
}

const draftOf = (listing: EbayListing): Draft => ({
  enabled: listing.enabled,
  price: listing.price === null ? '' : String(listing.price),
  buffer: String(listing.buffer),
});

/**
 * The form's figures as the request: an empty price is the shop's own, an empty buffer none. Text fields, not
 * number ones: a number field answers '' for what it cannot read, which would silently become the shop's price;
 * here a typo reaches the contract's check and its message.
 */
function requestOf(draft: Draft): unknown {
  const price = draft.price.trim().replace(',', '.');
  const buffer = draft.buffer.trim();
  return {
    enabled: draft.enabled,
    price: price === '' ? null : Number(price),
    buffer: buffer === '' ? 0 : Number(buffer),
  };
}

/**
 * "Vendi su eBay" (docs/product/back-office.md#article-form): the article's eBay settings (on or off, the eBay
 * price, the units kept off eBay) saved on their own like the stock, and the listing's state as svc-channels last
 * reported it, with its quantity on eBay and its link.
 */
export function EbayPanel({ article }: { article: AdminArticle }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const loaded = useLoad((signal) => api.articles.ebay(article.id, signal), article.id);
  return (
    <section className="adm-stock adm-ebay-panel" aria-labelledby={`${id}-title`} data-testid="ebay-panel">
      {loaded.data ? (
        <EbayForm id={id} article={article} loaded={loaded.data} />
      ) : (
        <h3 id={`${id}-title`}>{t('ebayPanel.title')}</h3>
      )}
      {loaded.error !== null && !loaded.data && (
        <p className="adm-error" role="alert">
          {failureText(loaded.error, t('ebayPanel.loadError'))}
        </p>
      )}
    </section>
  );
}

function EbayForm({ id, article, loaded }: { id: string; article: AdminArticle; loaded: EbayListing }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [listing, setListing] = useState(loaded);
  const [draft, setDraft] = useState(() => draftOf(loaded));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's own check first: the same Italian message the server would answer, without a round trip.
    const checked = EbayListingSettingsRequest.safeParse(requestOf(draft));
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? t('ebayPanel.saveError'));
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const answer = await api.articles.saveEbay(article.id, checked.data);
      setListing(answer);
      setDraft(draftOf(answer));
      setSaved(true);
    } catch (failure) {
      setError(failureText(failure, t('ebayPanel.saveError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h3 id={`${id}-title`}>
        {t('ebayPanel.title')}{' '}
        <span className={BADGES[listing.state]} data-testid="ebay-state">
          {t(`ebayPanel.states.${listing.state}`)}
        </span>
      </h3>
      {listing.state === 'error' && listing.error && (
        <p className="adm-error" role="note">
          {listing.error}
        </p>
      )}
      <p className="adm-muted">
        {t('ebayPanel.quantity')}:{' '}
        <strong data-testid="ebay-quantity">{listing.quantity_on_ebay ?? '—'}</strong>
        {listing.listing_url && (
          <>
            {' · '}
            <a href={listing.listing_url} target="_blank" rel="noopener noreferrer">
              {t('ebayPanel.open')}
            </a>
          </>
        )}
      </p>
      <form className="adm-inline-form" onSubmit={submit} noValidate>
        <label className="adm-check">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          {t('ebayPanel.enabled')}
        </label>
        <span className="adm-field">
          <label htmlFor={`${id}-price`}>{t('ebayPanel.price')}</label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            value={draft.price}
            placeholder={formatEuro(grossPrice(article.price, article.iva_percentage))}
            aria-describedby={`${id}-price-hint`}
            onChange={(event) => set('price', event.target.value)}
          />
        </span>
        <span className="adm-field">
          <label htmlFor={`${id}-buffer`}>{t('ebayPanel.buffer')}</label>
          <input
            id={`${id}-buffer`}
            inputMode="numeric"
            maxLength={String(EBAY_MAX_BUFFER).length}
            value={draft.buffer}
            onChange={(event) => set('buffer', event.target.value)}
          />
        </span>
        <button type="submit" className="adm-button" disabled={busy}>
          {busy ? t('common.saving') : t('ebayPanel.save')}
        </button>
      </form>
      <p id={`${id}-price-hint`} className="adm-muted">
        {t('ebayPanel.priceHint')}
      </p>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="adm-status" role="status">
          {t('ebayPanel.saved')}
        </p>
      )}
    </>
  );
}
