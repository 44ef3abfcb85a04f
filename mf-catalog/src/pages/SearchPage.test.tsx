import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RuntimeConfig, SearchResults } from '@edicola/contracts';
import SearchPage from './SearchPage';
import { initTestI18n, inRouter, jsonResponse, makeArticle, router } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://api.test:8080',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const charizard = makeArticle({
  id: 'c1',
  slug: 'charizard-ex-151-italiano',
  title: 'Charizard ex 151 italiano',
  category: 'Pokemon',
  attributes: { condition: 'near_mint', language: 'it' },
});

function results(overrides: Partial<SearchResults> = {}): SearchResults {
  return {
    items: [charizard],
    total: 1,
    page: 1,
    page_size: 24,
    corrected: null,
    facets: {
      category: [{ value: 'pokemon', count: 1 }],
      condition: [{ value: 'near_mint', count: 1 }],
      language: [{ value: 'it', count: 1 }],
      availability: [{ value: 'in_stock', count: 1 }],
    },
    ...overrides,
  };
}

/** The search answers `answer(url)`; the cards' ratings answer no reviews. */
function serve(answer: (url: URL) => Response) {
  global.fetch = jest.fn(async (url: string) =>
    url.includes('/reviews/stats/')
      ? jsonResponse(200, { average_rating: 0, total_reviews: 0 })
      : answer(new URL(url)),
  ) as unknown as typeof fetch;
}

const searchCalls = () =>
  (global.fetch as jest.Mock).mock.calls
    .map(([url]) => new URL(String(url)))
    .filter((url) => url.pathname === '/public/search');

function renderPage(path: string) {
  render(inRouter(path, <SearchPage config={config} />));
}

beforeAll(() => initTestI18n());

describe('SearchPage', () => {
  it('searches the words of its address and shows the count, the correction and the results as cards', async () => {
    serve(() => jsonResponse(200, results({ corrected: 'charizard' })));
    renderPage('/cerca?q=charizzard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Risultati per «charizzard» (1 articolo)' }),
    ).toBeTruthy();
    expect(searchCalls()[0]!.search).toBe('?q=charizzard');
    expect(screen.getByText('Forse cercavi:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'charizard' }).getAttribute('href')).toBe('/cerca?q=charizard');
    const card = screen.getByTestId('article-card');
    expect(within(card).getByRole('link', { name: 'Charizard ex 151 italiano' }).getAttribute('href')).toBe(
      '/prodotti/charizard-ex-151-italiano',
    );
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('charizzard');
    expect(document.title).toBe('Cerca nel negozio – Edicola Napoli');
  });

  it('offers the filters with the facets counts, and each change is a new history entry that Back undoes', async () => {
    serve(() => jsonResponse(200, results()));
    renderPage('/cerca?q=charizard&page=2');
    await screen.findByTestId('article-card');
    const condition = screen.getByRole('combobox', { name: 'Condizione' }) as HTMLSelectElement;
    expect([...condition.options].map((option) => option.textContent)).toEqual(['Tutte', 'Near Mint (1)']);
    const category = screen.getByRole('combobox', { name: 'Categoria' }) as HTMLSelectElement;
    expect([...category.options].map((option) => option.textContent)).toContain('Pokemon (1)');

    fireEvent.change(condition, { target: { value: 'near_mint' } });
    await waitFor(() => expect(router.search).toBe('?q=charizard&condition=near_mint'));
    expect(router.action).toBe('PUSH');
    await waitFor(() => expect(searchCalls().at(-1)!.searchParams.get('condition')).toBe('near_mint'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Da' }), { target: { value: '10,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(router.search).toBe('?q=charizard&condition=near_mint&min_price=10.50'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Ordina per' }), {
      target: { value: 'price_asc' },
    });
    await waitFor(() => expect(router.search).toContain('sort=price_asc'));

    await act(async () => router.navigate(-1));
    await act(async () => router.navigate(-1));
    expect(router.search).toBe('?q=charizard&condition=near_mint');
    expect((screen.getByRole('combobox', { name: 'Condizione' }) as HTMLSelectElement).value).toBe(
      'near_mint',
    );
  });

  it('searches new words from its own field, from page 1', async () => {
    serve(() => jsonResponse(200, results()));
    renderPage('/cerca?q=pikachu&page=3');
    await screen.findByTestId('article-card');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'charizard ex' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.search).toBe('?q=charizard+ex'));
  });

  it('pages through the results', async () => {
    serve((url) =>
      jsonResponse(200, results({ total: 30, page: Number(url.searchParams.get('page') ?? 1) })),
    );
    renderPage('/cerca?q=carte');
    expect(await screen.findByText('Pagina 1 di 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    expect(await screen.findByText('Pagina 2 di 2')).toBeTruthy();
    expect(router.search).toBe('?q=carte&page=2');
  });

  it('helps when nothing is found: tips and the categories', async () => {
    serve(() => jsonResponse(200, results({ items: [], total: 0 })));
    renderPage('/cerca?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'Nessun articolo trovato per «zzzz»' })).toBeTruthy();
    expect(screen.getByText('Controlla come hai scritto le parole.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Caschi' }).getAttribute('href')).toBe(
      '/prodotti/categoria/caschi',
    );
  });

  it('says so when the search fails, and retries', async () => {
    serve(() => jsonResponse(500, { detail: 'Errore interno' }));
    renderPage('/cerca?q=charizard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La ricerca non ha risposto');
    serve(() => jsonResponse(200, results()));
    fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('article-card')).toBeTruthy();
  });
});
