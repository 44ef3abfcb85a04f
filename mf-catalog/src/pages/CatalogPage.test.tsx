import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type RuntimeConfig } from '@edicola/contracts';
import { emitDomEvent, onDomEvent, API_TIMEOUT_MS } from '@edicola/web-kit';
import CatalogPage, { HIGHLIGHT_MS } from './CatalogPage';
import { PHOTO_RETRY_DELAY_MS } from '../ui/ArticlePhoto';
import { CART_WAIT_MS } from '../ui/ArticleCard';
import { initTestI18n, inRouter, jsonResponse, makeArticle, router } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://api.test:8080',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

const ferrari = makeArticle();
const panini = makeArticle({
  id: 'b1',
  sku: 'PAN-ALB-25',
  title: 'Album Calciatori 2025',
  category: 'Panini',
  price: 3.5,
  iva_percentage: 0,
  quantity_stock: 0,
  photo_url: '/media/articles/album.webp',
});

/** Answers the article list with `status`/`body`, and every review-stats call with no reviews. */
function serve(status: number, body: unknown, stats: Record<string, unknown> = {}) {
  global.fetch = jest.fn(async (url: string) => {
    const match = /\/reviews\/stats\/(.+)$/.exec(url);
    if (match) return jsonResponse(200, stats[match[1]!] ?? { average_rating: 0, total_reviews: 0 });
    return jsonResponse(status, body);
  }) as unknown as typeof fetch;
}

function renderPage(path = '/prodotti') {
  return render(inRouter(path, <CatalogPage config={config} />));
}

beforeAll(() => initTestI18n());

describe('CatalogPage', () => {
  it('shows a loading state, then one card per article with prices, VAT, SKU and stock', async () => {
    serve(200, [ferrari, panini]);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Caricamento dei prodotti…');

    const cards = await screen.findAllByTestId('article-card');
    expect(global.fetch).toHaveBeenCalledWith('http://api.test:8080/public/articles', expect.anything());
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Ferrari SF-23 1:18' })).toBeTruthy();
    expect(first.getByText('Modellismo')).toBeTruthy();
    expect(first.getByText(/Modellino in scala/)).toBeTruthy();
    expect(first.getByText('+ IVA 22%')).toBeTruthy();
    expect(first.getByTestId('final-price').textContent).toBe(nbsp('30,00 €'));
    expect(first.getByText('F1-FER-SF23-18')).toBeTruthy();
    expect(first.getByText('Disponibili: 3')).toBeTruthy();
    const photo = first.getByTestId('article-photo') as HTMLImageElement;
    expect(photo.alt).toBe('Ferrari SF-23 1:18, vista laterale');
    expect(photo.src).toBe('http://api.test:8080/media/articles/ferrari-sf23-400.webp');

    const second = within(cards[1]!);
    expect(second.getByText('(Esente IVA)')).toBeTruthy();
    expect(second.getByTestId('final-price').textContent).toBe(nbsp('3,50 €'));
    expect(second.getByText('Esaurito')).toBeTruthy();
    expect(second.queryByText(/Disponibili/)).toBeNull();
    expect((second.getByRole('button', { name: 'Non Disponibile' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(second.queryByRole('button', { name: 'Aggiungi al Carrello' })).toBeNull();
  });

  it("emits 'edicola:cart-add' with the article id when 'Aggiungi al Carrello' is pressed", async () => {
    serve(200, [ferrari]);
    const added = jest.fn();
    const stop = onDomEvent('edicola:cart-add', added);
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi al Carrello' }));
    stop();

    expect(added).toHaveBeenCalledWith({ article_id: ferrari.id, quantity: 1, article: ferrari });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the cart is unavailable when no cart received the article (mf-checkout down)', async () => {
    serve(200, [ferrari]);
    renderPage();
    const add = await screen.findByRole('button', { name: 'Aggiungi al Carrello' });
    jest.useFakeTimers();
    try {
      fireEvent.click(add);
      // The add first waits for a cart that may still be loading.
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(CART_WAIT_MS);
      });
      expect(screen.getByRole('alert').textContent).toBe(
        'Il carrello non è disponibile in questo momento. Riprova tra poco o chiamaci al +39 081 555 0123.',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('hands an add made while the cart was still loading to the cart once it is ready', async () => {
    serve(200, [ferrari]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi al Carrello' }));
    const received: string[] = [];
    const stop = onDomEvent('edicola:cart-add', (detail) => received.push(detail.article_id));
    try {
      emitDomEvent('edicola:cart-ready', {});
      await waitFor(() => expect(received).toEqual([ferrari.id]));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      stop();
    }
  });

  it('shows the load-failure message of docs/product/storefront.md#catalogue-load-failure with a retry and the phone when the products cannot be loaded', async () => {
    serve(500, { detail: 'database down' });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('I prodotti verranno caricati a breve. Contattaci per informazioni!');
    expect(
      within(alert)
        .getByRole('link', { name: /\+39 081 555 0123/ })
        .getAttribute('href'),
    ).toBe('tel:+390815550123');
    expect(screen.queryByTestId('sample-card')).toBeNull();

    serve(200, [ferrari]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findAllByTestId('article-card')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up on an API that does not answer within the timeout', async () => {
    jest.useFakeTimers();
    try {
      global.fetch = jest.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      ) as unknown as typeof fetch;
      renderPage();
      expect(screen.getByRole('status').textContent).toBe('Caricamento dei prodotti…');
      await act(async () => jest.advanceTimersByTime(API_TIMEOUT_MS));
      expect(screen.getByRole('alert').textContent).toContain('I prodotti verranno caricati a breve.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows four sample cards leading to /contatto when the catalogue is empty', async () => {
    serve(200, []);
    renderPage();
    const samples = await screen.findAllByTestId('sample-card');
    expect(samples).toHaveLength(4);
    for (const sample of samples) {
      expect(within(sample).getByRole('link', { name: 'Richiedi Info' }).getAttribute('href')).toBe(
        '/contatto',
      );
    }
    expect(screen.getByRole('link', { name: 'Contattaci' }).getAttribute('href')).toBe('/contatto');
    expect(screen.getByRole('link', { name: 'Chiama +39 081 555 0123' }).getAttribute('href')).toBe(
      'tel:+390815550123',
    );
  });

  it('filters by category with counts, case-insensitively, from ?category=', async () => {
    const lowercase = makeArticle({ id: 'c1', title: 'Ferrari F40 1:43', category: 'modellismo ' });
    serve(200, [ferrari, panini, lowercase]);
    renderPage('/prodotti?category=pokemon');
    const filters = await screen.findByRole('group', { name: 'Filtra per categoria' });
    expect(within(filters).getByRole('button', { name: 'Tutti (3)' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(within(filters).getByRole('button', { name: 'Modellismo (2)' })).toBeTruthy();
    const paniniFilter = within(filters).getByRole('button', { name: 'Panini (1)' });
    expect(paniniFilter.className).toContain('cat-filter-panini');
    expect(within(filters).getByRole('button', { name: 'Pokemon (0)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);

    fireEvent.click(within(filters).getByRole('button', { name: 'Modellismo (2)' }));
    expect(
      screen.getAllByTestId('article-card').map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Ferrari SF-23 1:18', 'Ferrari F40 1:43']);
    fireEvent.click(within(filters).getByRole('button', { name: 'Tutti (3)' }));
    expect(screen.getAllByTestId('article-card')).toHaveLength(3);
  });

  it('scrolls to ?article=, highlights it for 3 s and shows its review stats', async () => {
    jest.useFakeTimers();
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      serve(200, [ferrari, panini], { b1: { average_rating: 4.5, total_reviews: 2 } });
      renderPage('/prodotti?article=b1');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      const card = document.getElementById('article-b1')!;
      expect(card.className).toContain('cat-highlight');
      expect(scrolled).toHaveBeenCalled();
      expect(global.fetch).toHaveBeenCalledWith('http://api.test:8080/reviews/stats/b1', expect.anything());
      expect(within(card).getByText('4,5/5 · 2 recensioni')).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Leggi recensioni' })).toBeTruthy();
      const other = document.getElementById(`article-${ferrari.id}`)!;
      expect(within(other).getByText('Nessuna recensione ancora')).toBeTruthy();
      expect(within(other).getByRole('button', { name: 'Lascia la prima recensione' })).toBeTruthy();

      act(() => jest.advanceTimersByTime(HIGHLIGHT_MS));
      expect(card.className).not.toContain('cat-highlight');
    } finally {
      jest.useRealTimers();
    }
  });

  it("asks for a card's rating only when the card comes near the viewport", async () => {
    const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
    class FakeObserver {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(element: Element) {
        observed.set(element, this.callback);
      }
      disconnect() {}
    }
    Object.assign(window, { IntersectionObserver: FakeObserver });
    try {
      serve(200, [ferrari, panini], { b1: { average_rating: 4, total_reviews: 1 } });
      renderPage();
      await screen.findAllByTestId('article-card');
      const statsCalls = () =>
        (global.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).includes('/reviews/stats/'));
      expect(statsCalls()).toHaveLength(0);

      const card = document.getElementById('article-b1')!;
      await act(async () => observed.get(card)!([{ isIntersecting: true }]));
      expect(statsCalls().map(([url]) => url)).toEqual(['http://api.test:8080/reviews/stats/b1']);
      expect(within(card).getByRole('button', { name: 'Leggi recensioni' })).toBeTruthy();
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('loads the first row of photos eagerly with a high priority and the rest lazily', async () => {
    const many = Array.from({ length: 6 }, (_, i) => makeArticle({ id: `a${i}`, title: `Articolo ${i}` }));
    serve(200, many);
    renderPage();
    const photos = (await screen.findAllByTestId('article-photo')) as HTMLImageElement[];
    expect(photos.map((photo) => photo.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(photos[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(photos[0]!.getAttribute('width')).toBe('480');
  });

  it('retries a broken photo once after 1 s with a cache-busting query, then dims it', async () => {
    jest.useFakeTimers();
    try {
      serve(200, [ferrari]);
      renderPage();
      const photo = (await screen.findByTestId('article-photo')) as HTMLImageElement;

      fireEvent.error(photo);
      act(() => jest.advanceTimersByTime(PHOTO_RETRY_DELAY_MS - 1));
      expect(screen.getByTestId('article-photo').getAttribute('src')).not.toMatch(/retry=/);
      act(() => jest.advanceTimersByTime(1));
      const retried = screen.getByTestId('article-photo') as HTMLImageElement;
      expect(retried.getAttribute('src')).toMatch(/ferrari-sf23-400\.webp\?retry=\d+$/);

      fireEvent.error(retried);
      const failed = screen.getByAltText('Immagine non disponibile');
      expect(failed.className).toContain('cat-photo-failed');
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows the shared language', async () => {
    serve(200, [ferrari]);
    const i18n = await initTestI18n('en');
    renderPage();
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.getByText('In stock: 3')).toBeTruthy();
    // The category filters and the card's category read in the visitor's language too.
    const filters = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(filters).getByRole('button', { name: 'Scale models (1)' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Helmets (0)' })).toBeTruthy();
    expect(within(screen.getByTestId('article-card')).getByText('Scale models')).toBeTruthy();
    await act(() => i18n.changeLanguage('it'));
    expect(screen.getByRole('button', { name: 'Aggiungi al Carrello' })).toBeTruthy();
  });

  it('links the title and the photo to the article page, with a Read more link, and three Tab stops per card', async () => {
    serve(200, [ferrari]);
    renderPage();
    const card = await screen.findByTestId('article-card');
    const title = within(card).getByRole('link', { name: 'Ferrari SF-23 1:18' });
    expect(title.getAttribute('href')).toBe('/prodotti/ferrari-sf-23-1-18');
    const photoLink = card.querySelector('a.cat-photo-frame')!;
    expect(photoLink.getAttribute('href')).toBe('/prodotti/ferrari-sf-23-1-18');
    expect(card.querySelector('a.cat-read-more')!.textContent).toBe('Leggi tutto');
    expect(card.querySelector('a.cat-read-more')!.getAttribute('href')).toBe('/prodotti/ferrari-sf-23-1-18');
    await within(card).findByRole('button', { name: 'Lascia la prima recensione' });
    const tabStops = [...card.querySelectorAll<HTMLElement>('a, button')].filter(
      (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
    );
    expect(tabStops.map((element) => element.textContent)).toEqual([
      'Ferrari SF-23 1:18',
      'Lascia la prima recensione',
      'Aggiungi al Carrello',
    ]);
    expect(within(card).queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  it("links to the article page in the visitor's language", async () => {
    serve(200, [ferrari]);
    await initTestI18n('en');
    try {
      renderPage('/en/prodotti');
      const card = await screen.findByTestId('article-card');
      expect(within(card).getByRole('link', { name: 'Ferrari SF-23 1:18' }).getAttribute('href')).toBe(
        '/en/prodotti/ferrari-sf-23-1-18',
      );
    } finally {
      await initTestI18n('it');
    }
  });

  it('reads the category from a category page address and names it in the heading', async () => {
    serve(200, [ferrari, panini]);
    renderPage('/prodotti/categoria/panini');
    const cards = await screen.findAllByTestId('article-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Album Calciatori 2025',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Panini');
    expect(
      screen.getByText('Tutti gli articoli della categoria Panini del nostro negozio di Napoli.'),
    ).toBeTruthy();
    expect(document.title).toBe('Panini – Catalogo prodotti – Edicola Napoli');
  });

  it("goes to a category's page when a category is chosen, in the page's language", async () => {
    serve(200, [ferrari, panini]);
    renderPage('/prodotti?article=x');
    const filters = await screen.findByRole('group', { name: 'Filtra per categoria' });
    fireEvent.click(within(filters).getByRole('button', { name: 'Panini (1)' }));
    expect(`${router.path}${router.search}`).toBe('/prodotti/categoria/panini');
    fireEvent.click(within(filters).getByRole('button', { name: 'Tutti (2)' }));
    expect(`${router.path}${router.search}`).toBe('/prodotti');
  });

  it('lists sold-out articles after the available ones', async () => {
    const soldOut = makeArticle({ id: 's1', title: 'Esaurito prima', quantity_stock: 0 });
    const available = makeArticle({ id: 's2', title: 'Disponibile dopo', quantity_stock: 2 });
    serve(200, [soldOut, available, ferrari]);
    renderPage();
    const cards = await screen.findAllByTestId('article-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Disponibile dopo',
      'Ferrari SF-23 1:18',
      'Esaurito prima',
    ]);
  });

  it('says so above the catalogue when ?article= names no active article', async () => {
    serve(200, [ferrari]);
    renderPage('/prodotti?article=gone');
    await screen.findAllByTestId('article-card');
    expect(screen.getByText(/^Articolo non trovato: /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca nel negozio' }).getAttribute('href')).toBe('/cerca');
  });
});

describe('CatalogPage history', () => {
  it('pushes the category page, so Back returns to the catalogue', async () => {
    serve(200, [ferrari, panini]);
    render(inRouter('/prodotti', <CatalogPage config={config} />));
    const filters = await screen.findByRole('group', { name: 'Filtra per categoria' });
    fireEvent.click(within(filters).getByRole('button', { name: 'Panini (1)' }));
    await waitFor(() => expect(router.path).toBe('/prodotti/categoria/panini'));
    expect(router.action).toBe('PUSH');
    await act(async () => router.navigate(-1));
    expect(router.path).toBe('/prodotti');
    expect(screen.getAllByTestId('article-card')).toHaveLength(2);
  });
});
