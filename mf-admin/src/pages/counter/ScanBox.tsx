import { forwardRef, lazy, Suspense, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterArticle } from '@edicola/contracts';
import { failureText, formatEuro } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { exactMatch } from './sale';

// The camera's code (and, where the browser has no BarcodeDetector, the ZXing polyfill) loads only when opened.
const CameraDialog = lazy(() => import(/* webpackChunkName: "camera-dialog" */ './CameraDialog'));

/** A short word on an article's stock, for the pick list: what is free, what unpaid web orders hold. */
export function StockNote({ article }: { article: CounterArticle }) {
  const { t } = useTranslation('admin');
  if (!article.is_active) return <span className="adm-badge adm-badge-warn">{t('counter.inactive')}</span>;
  return (
    <span className={article.quantity_stock === 0 ? 'adm-badge adm-badge-warn' : 'adm-muted'}>
      {article.quantity_stock === 0
        ? t('counter.soldOutShort')
        : t('counter.available', { n: article.quantity_stock })}
      {article.held_by_unpaid_orders > 0 && (
        <> · {t('counter.heldShort', { n: article.held_by_unpaid_orders })}</>
      )}
    </span>
  );
}

/**
 * The counter's one search field: a USB scanner types the code and Enter, staff type a SKU or part of a title.
 * One article found (or one whose code is exactly the one typed) goes to the sale at once; several → a pick
 * list (arrows, Enter, Escape); none → a message.
 */
export const ScanBox = forwardRef<
  HTMLInputElement,
  { onFound: (article: CounterArticle) => void; onMessage: (text: string | null) => void }
>(function ScanBox({ onFound, onMessage }, inputRef) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const id = useId();
  const [query, setQuery] = useState('');
  const [choices, setChoices] = useState<CounterArticle[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);

  const focusInput = () => {
    if (inputRef && typeof inputRef === 'object') inputRef.current?.focus();
  };

  const look = async (code: string) => {
    const q = code.trim();
    if (!q) return;
    // The field is free for the next scan at once; the code typed is kept in the messages.
    setQuery('');
    setBusy(true);
    onMessage(null);
    setChoices(null);
    try {
      const { articles } = await api.articles.lookup(q);
      const match = exactMatch(q, articles);
      if (articles.length === 0) onMessage(t('counter.notFound', { q }));
      else if (match) onFound(match);
      else setChoices(articles);
    } catch (failure) {
      onMessage(failureText(failure, t('counter.lookupError')));
      // Nothing else typed meanwhile: the code comes back to be tried again.
      setQuery((typed) => typed || q);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void look(query);
  };

  const choose = (article: CounterArticle) => {
    setChoices(null);
    setQuery('');
    onFound(article);
    focusInput();
  };

  /** Arrows move between the choices, Escape closes the list and goes back to the field. */
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : Math.max(at - 1, 0);
      buttons[next]?.focus();
    } else if (event.key === 'Escape') {
      setChoices(null);
      focusInput();
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && choices?.length) {
      event.preventDefault();
      document.getElementById(`${id}-choice-0`)?.focus();
    } else if (event.key === 'Escape' && choices) setChoices(null);
  };

  return (
    <div className="adm-scan">
      <form className="adm-scan-form" role="search" onSubmit={submit} aria-busy={busy}>
        <label htmlFor={`${id}-q`}>{t('counter.scanLabel')}</label>
        <div className="adm-scan-row">
          <input
            id={`${id}-q`}
            ref={inputRef}
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKey}
          />
          <button type="submit" className="adm-button" disabled={!query.trim()}>
            {t('counter.find')}
          </button>
          <button type="button" className="adm-button adm-button-light" onClick={() => setCamera(true)}>
            {t('counter.camera.open')}
          </button>
        </div>
        <p id={`${id}-hint`} className="adm-muted">
          {t('counter.scanHint')}
        </p>
      </form>
      {choices && (
        <div className="adm-picks">
          <p id={`${id}-picks`}>{t('counter.pick', { n: choices.length })}</p>
          <ul aria-labelledby={`${id}-picks`} onKeyDown={onListKey}>
            {choices.map((article, index) => (
              <li key={article.id}>
                <button
                  type="button"
                  id={`${id}-choice-${index}`}
                  className="adm-pick"
                  onClick={() => choose(article)}
                >
                  <strong>{article.title}</strong> <span className="adm-muted">{article.sku}</span>{' '}
                  {formatEuro(article.gross_price)} <StockNote article={article} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {camera && (
        <Suspense fallback={null}>
          <CameraDialog
            onCode={(code) => {
              setCamera(false);
              void look(code);
              focusInput();
            }}
            onClose={() => {
              setCamera(false);
              focusInput();
            }}
          />
        </Suspense>
      )}
    </div>
  );
});
