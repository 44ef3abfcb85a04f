import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { RuntimeConfig, SearchSuggestion } from '@edicola/contracts';
import { jsonResponse } from '@edicola/web-testing';
import { initI18n } from '../i18n';
import { SearchBox } from './SearchBox';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://media.test',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const suggestion = (slug: string, title: string, price = 10): SearchSuggestion => ({
  id: `id-${slug}`,
  slug,
  title,
  category: 'Carte Pokemon',
  photo_url: `/media/articles/${slug}-400.webp`,
  price,
  iva_percentage: 22,
  quantity_stock: 1,
});

const CHARIZARD = [
  suggestion('charizard-ex-151-italiano', 'Charizard ex 151 italiano', 100),
  suggestion('charizard-ex-151-inglese', 'Charizard ex 151 inglese', 90),
  suggestion('charmander-151', 'Charmander 151', 2.5),
];

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <span hidden data-testid="location">{`${pathname}${search}`}</span>;
}
const address = () => screen.getByTestId('location').textContent;

/** The suggest endpoint at the network edge: each call waits until the test answers it. */
function serveSuggestions() {
  const calls: { url: string; signal: AbortSignal; answer(items: SearchSuggestion[]): void }[] = [];
  const fetchMock = jest.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url,
          signal: init.signal!,
          answer: (items) => resolve(jsonResponse(200, { suggestions: items })),
        });
      }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'language=; Max-Age=0; Path=/';
  jest.useFakeTimers();
  await initI18n(localStorage, '/');
});

function renderBox(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SearchBox config={config} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return screen.getByRole('combobox') as HTMLInputElement;
}

/** Types into the field and lets the 150 ms pause pass. */
async function type(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    jest.advanceTimersByTime(150);
  });
}

async function answer(call: { answer(items: SearchSuggestion[]): void }, items: SearchSuggestion[]) {
  await act(async () => {
    call.answer(items);
    // The answer's schema is a dynamic import: let it and the parse settle.
    await jest.runAllTimersAsync();
  });
}

const options = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option');

describe('the header search box (docs/product/storefront.md#search-box)', () => {
  it('is a GET form to /cerca with q that works without JavaScript', () => {
    const input = renderBox();
    const form = screen.getByRole('search', { name: 'Cerca nel negozio' }) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/cerca');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.name).toBe('q');
    expect(within(form).getByRole('button', { name: 'Cerca' }).getAttribute('type')).toBe('submit');
  });

  it('asks for suggestions 150 ms after typing, from the first letter, and shows title, final price and photo', async () => {
    const { calls, fetchMock } = serveSuggestions();
    const input = renderBox();
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'c' } });
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(50);
    });
    expect(calls.map((call) => call.url)).toEqual(['http://api.test/public/search/suggest?q=c']);
    await answer(calls[0]!, CHARIZARD);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Suggerimenti' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(options().map((option) => option.textContent)).toEqual([
      'Charizard ex 151 italiano122,00\u00a0€',
      'Charizard ex 151 inglese109,80\u00a0€',
      'Charmander 1513,05\u00a0€',
    ]);
    expect(options()[0]!.querySelector('img')!.getAttribute('src')).toBe(
      'http://media.test/media/articles/charizard-ex-151-italiano-400.webp',
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Suggerimenti: 3. Usa le frecce su e giù per sceglierne uno.',
    );
  });

  it('moves through the suggestions with the arrows, and Enter opens the chosen article page', async () => {
    const { calls } = serveSuggestions();
    const input = renderBox();
    await type(input, 'charizard');
    await answer(calls[0]!, CHARIZARD);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const chosen = options()[1]!;
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(chosen.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Up from the first goes back to the field; up again to the last.
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(address()).toBe('/prodotti/charizard-ex-151-inglese');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('leads to the article page in the page language', async () => {
    await initI18n(localStorage, '/de/');
    const { calls } = serveSuggestions();
    const input = renderBox('/de/');
    expect(screen.getByRole('search').getAttribute('action')).toBe('/de/cerca');
    await type(input, 'charizard');
    await answer(calls[0]!, CHARIZARD);
    fireEvent.click(options()[0]!);
    expect(address()).toBe('/de/prodotti/charizard-ex-151-italiano');
  });

  it('submits to /cerca?q= on Enter without a chosen suggestion', async () => {
    const { calls } = serveSuggestions();
    const input = renderBox();
    await type(input, ' charizard ex ');
    await answer(calls[0]!, CHARIZARD);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(input.form!);
    expect(address()).toBe('/cerca?q=charizard+ex');
    // On the results page the field shows what was searched.
    expect(input.value).toBe('charizard ex');
  });

  it('closes on Escape, then empties the field on a second Escape', async () => {
    const { calls } = serveSuggestions();
    const input = renderBox();
    await type(input, 'char');
    await answer(calls[0]!, CHARIZARD);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(input.value).toBe('char');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('aborts the previous request, and a late answer to it never replaces the newer suggestions', async () => {
    const { calls } = serveSuggestions();
    const input = renderBox();
    await type(input, 'p');
    await type(input, 'pi');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);

    await answer(calls[1]!, [suggestion('pikachu-vmax', 'Pikachu VMAX')]);
    // The first answer arrives after all (a server that ignored the abort).
    await answer(calls[0]!, CHARIZARD);
    expect(options().map((option) => option.textContent)).toEqual(['Pikachu VMAX12,20\u00a0€']);
  });

  it('sends no request for an empty or blank field, and closes the list', async () => {
    const { calls, fetchMock } = serveSuggestions();
    const input = renderBox();
    await type(input, '   ');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'pika' } });
    fireEvent.change(input, { target: { value: '' } });
    // Cleared before the pause ended: the request is never sent.
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await type(input, 'pika');
    await answer(calls[0]!, CHARIZARD);
    await type(input, '');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when nothing matches', async () => {
    const { calls } = serveSuggestions();
    const input = renderBox();
    await type(input, 'zzzz');
    await answer(calls[0]!, []);
    expect(screen.getByRole('status').textContent).toBe('Nessun suggerimento: premi Invio per cercare.');
    expect(options()).toHaveLength(0);
  });

  it("takes over what the visitor typed in the server's paint, with the focus, and suggests for it", async () => {
    const { calls } = serveSuggestions();
    const paint = document.createElement('div');
    paint.id = 'root';
    paint.innerHTML = '<div class="first-paint"><form><input name="q" type="search"></form></div>';
    document.body.append(paint);
    try {
      const typedInPaint = paint.querySelector('input')!;
      typedInPaint.value = 'chariz';
      typedInPaint.focus();
      const input = renderBox();
      expect(input.value).toBe('chariz');
      expect(document.activeElement).toBe(input);
      await act(async () => {
        jest.advanceTimersByTime(150);
      });
      expect(calls.map((call) => call.url)).toEqual(['http://api.test/public/search/suggest?q=chariz']);
    } finally {
      paint.remove();
    }
  });
});
