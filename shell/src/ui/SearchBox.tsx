import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  articlePath,
  grossPrice,
  SEARCH_MAX_LENGTH,
  SEARCH_PATH,
  unprefixedPath,
  type RuntimeConfig,
  type SearchSuggestion,
} from '@edicola/contracts';
import { formatEuro } from '@edicola/web-kit';
import { createShellApi } from '../api';
import { firstPaintSearch } from '../firstPaint';
import { useLocalizedPath } from '../pageLanguage';

/** How long the box waits after a key before asking for suggestions: one request per pause, not per letter. */
export const SUGGEST_DELAY_MS = 150;

interface SearchBoxProps {
  config: RuntimeConfig;
}

/** A photo's address: the media base address plus photo_url (an absolute URL is kept). */
function photoAddress(mediaBaseUrl: string, photoUrl: string): string {
  if (/^https?:\/\//.test(photoUrl)) return photoUrl;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${photoUrl.replace(/^\/+/, '')}`;
}

/** The words of `/cerca?q=` when the page is the search results, so the box shows what was searched. */
function searchedWords(pathname: string, search: string): string {
  return unprefixedPath(pathname) === SEARCH_PATH ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/**
 * The header's search box (docs/product/storefront.md#search-box): a form that GETs the results page in the
 * page's language, so it works before and without JavaScript, and a WAI-ARIA 1.2 combobox that suggests up to
 * six articles as one types (each leads to its page). One request at a time: a new one aborts the previous,
 * and an answer that is no longer the latest is dropped.
 */
export function SearchBox({ config }: SearchBoxProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const localized = useLocalizedPath();
  const api = useMemo(() => createShellApi(config.apiBaseUrl), [config.apiBaseUrl]);
  const id = useId();
  const listId = `${id}-suggestions`;
  const [typed] = useState(firstPaintSearch);
  const [text, setText] = useState(() => typed?.text ?? searchedWords(pathname, search));
  const field = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new address shows its own words (the results page's q, else an empty field).
  const [address, setAddress] = useState(`${pathname}${search}`);
  if (address !== `${pathname}${search}`) {
    setAddress(`${pathname}${search}`);
    setText(searchedWords(pathname, search));
  }

  const cancel = () => {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = null;
  };
  useEffect(() => cancel, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /** Asks for the suggestions of `words` after the pause (a later call cancels it first). */
  const suggestLater = (words: string) => {
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      api.suggest(words, controller.signal).then(
        (found) => {
          if (request.current !== controller) return;
          request.current = null;
          setSuggestions(found);
          setActive(-1);
          setOpen(true);
        },
        () => {
          // Suggestions are a help: without them the form still searches.
          if (request.current === controller) request.current = null;
        },
      );
    }, SUGGEST_DELAY_MS);
  };

  const ask = (words: string) => {
    cancel();
    if (words.trim()) {
      suggestLater(words);
    } else {
      setSuggestions([]);
      close();
    }
  };

  // Typed in the server's paint: the app's box goes on from there, with its suggestions.
  useEffect(() => {
    if (!typed) return;
    if (typed.focused) field.current?.focus();
    suggestLater(typed.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const goTo = (path: string) => {
    cancel();
    close();
    void navigate(localized(path));
  };

  const openSuggestion = (suggestion: SearchSuggestion) => {
    setText('');
    setSuggestions([]);
    goTo(articlePath(suggestion.slug));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = text.trim();
    goTo(words ? `${SEARCH_PATH}?${new URLSearchParams({ q: words })}` : SEARCH_PATH);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      // From the field, down goes to the first suggestion and up to the last; past either end, back to the field.
      setActive((current) => {
        if (!open) return step > 0 ? 0 : count - 1;
        const next = current + step;
        return next < -1 ? count - 1 : next >= count ? -1 : next;
      });
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      openSuggestion(suggestions[active]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else if (text) {
        event.preventDefault();
        cancel();
        setText('');
        setSuggestions([]);
      }
    }
  };

  const expanded = open && text.trim() !== '';
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <form
      role="search"
      className="search-box"
      action={localized(SEARCH_PATH)}
      method="get"
      aria-label={t('search.label')}
      onSubmit={submit}
    >
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {t('search.label')}
      </label>
      <div className="search-field">
        <input
          ref={field}
          id={`${id}-input`}
          type="search"
          name="q"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            ask(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onFocus={() => {
            if (suggestions.length && text.trim()) setOpen(true);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className="search-suggestions"
          hidden={!expanded || suggestions.length === 0}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'search-suggestion active' : 'search-suggestion'}
              // Keeps the focus in the field, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openSuggestion(suggestion)}
            >
              {suggestion.photo_url ? (
                <img
                  src={photoAddress(config.mediaBaseUrl, suggestion.photo_url)}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                />
              ) : (
                <span className="search-suggestion-nophoto" aria-hidden="true" />
              )}
              <span className="search-suggestion-title">{suggestion.title}</span>
              <span className="search-suggestion-price">
                {formatEuro(grossPrice(suggestion.price, suggestion.iva_percentage))}
              </span>
            </li>
          ))}
        </ul>
        <p className="visually-hidden" role="status">
          {expanded
            ? suggestions.length
              ? t('search.count', { count: suggestions.length })
              : t('search.none')
            : ''}
        </p>
      </div>
      <button type="submit" className="search-submit">
        {t('search.submit')}
      </button>
    </form>
  );
}
