import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Article, RuntimeConfig } from '@edicola/contracts';
import { onDomEvent } from '@edicola/web-kit';
import ArticlePage from './ArticlePage';
import { initTestI18n, inRouter, jsonResponse, makeArticle, router } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://media.test',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const charizard: Article = makeArticle({
  id: 'c1',
  slug: 'charizard-ex-151-italiano',
  sku: 'PKM-151-199',
  ean: null,
  title: 'Charizard ex 151 italiano',
  description: 'Carta singola della serie 151.\n\nSpedita in toploader e busta rigida.',
  category: 'Pokemon',
  quantity_stock: 1,
  photo_url: '/media/articles/front-400.webp',
  photos: [
    {
      id: 'f',
      url: '/media/articles/front-400.webp',
      zoom_url: '/media/articles/front-1600.webp',
      alt: 'Fronte',
    },
    { id: 'b', url: '/media/articles/back-400.webp', zoom_url: null, alt: 'Retro' },
    { id: 'd', url: '/media/articles/detail-400.webp', zoom_url: null, alt: '' },
  ],
  attributes: {
    condition: 'near_mint',
    language: 'it',
    grader: 'PSA',
    grade: 9.5,
    certificate_number: '12345678',
  },
  share_facebook: true,
  share_whatsapp: true,
});

const REVIEW = {
  id: 'r1',
  article_id: 'c1',
  order_id: null,
  article_title: 'Charizard ex 151 italiano',
  rating: 5,
  title: 'Perfetta',
  comment: 'Come da foto.',
  customer_name: 'Ciro',
  is_verified_purchase: true,
  helpful_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  approved: true,
  admin_reply: null,
};

/** The API: `articles` by slug (404 for any other), one review and its summary. */
function serve(articles: Record<string, Article | 'error'>) {
  global.fetch = jest.fn(async (url: string) => {
    const slug = /\/public\/articles\/by-slug\/(.+)$/.exec(url)?.[1];
    if (slug !== undefined) {
      const article = articles[slug];
      if (article === 'error') return jsonResponse(503, { detail: 'Servizio non disponibile' });
      return article ? jsonResponse(200, article) : jsonResponse(404, { detail: 'Articolo non trovato' });
    }
    if (url.includes('/reviews/stats/')) return jsonResponse(200, { average_rating: 5, total_reviews: 1 });
    if (url.endsWith('/reviews')) return jsonResponse(200, [REVIEW]);
    return jsonResponse(404, { detail: 'Non trovato' });
  }) as unknown as typeof fetch;
}

function renderPage(path = '/prodotti/charizard-ex-151-italiano') {
  return render(inRouter(path, <ArticlePage config={config} />));
}

beforeAll(() => initTestI18n());

describe('ArticlePage', () => {
  it('loads the article of its address and shows title, prices, stock, attributes, EAN-less facts and the whole description', async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe("Caricamento dell'articolo…");
    expect(await screen.findByRole('heading', { level: 1, name: 'Charizard ex 151 italiano' })).toBeTruthy();
    expect(global.fetch).toHaveBeenCalledWith(
      'http://api.test:8080/public/articles/by-slug/charizard-ex-151-italiano',
      expect.anything(),
    );
    expect(document.title).toBe('Charizard ex 151 italiano – Edicola Napoli');
    expect(screen.getByText('Disponibili: 1')).toBeTruthy();
    const facts = within(screen.getByTestId('attributes'));
    const rows = facts
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
    expect(rows).toEqual([
      'Condizione: Near Mint',
      'Lingua della carta: Italiano',
      'Ente di gradazione: PSA',
      'Voto: 9,5',
      'Numero di certificato: 12345678',
      'SKU: PKM-151-199',
    ]);
    const description = screen.getByRole('region', { name: 'Descrizione' });
    expect([...description.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Carta singola della serie 151.',
      'Spedita in toploader e busta rigida.',
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Percorso' }));
    expect(crumbs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Prodotti', '/prodotti'],
      ['Pokemon', '/prodotti/categoria/pokemon'],
    ]);
  });

  it('shows the photos cover first with a srcset, only the cover eager, and thumbnails that switch', async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    renderPage();
    // The other slides' photos come once the app runs (the server's paint asks for the cover only).
    await waitFor(() => expect(screen.getAllByTestId('gallery-photo')).toHaveLength(3));
    const photos = screen.getAllByTestId('gallery-photo') as HTMLImageElement[];
    expect(photos.map((photo) => photo.alt)).toEqual(['Fronte', 'Retro', 'Charizard ex 151 italiano']);
    expect(photos[0]!.getAttribute('srcset')).toBe(
      'http://media.test/media/articles/front-400.webp 400w, http://media.test/media/articles/front-800.webp 800w',
    );
    expect(photos.map((photo) => photo.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(photos[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(photos[0]!.getAttribute('width')).toBe('800');
    expect(photos[0]!.getAttribute('height')).toBe('600');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra la foto 3 di 3' }));
    expect(screen.getByText('3 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Successiva/ }));
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Precedente/ }));
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });

  it('zooms a photo in a dialog at its large size, moves with the arrow keys and closes with Escape', async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ingrandisci la foto 1 di 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Foto 1 di 3' });
    const large = within(dialog).getByRole('img') as HTMLImageElement;
    expect(large.src).toBe('http://media.test/media/articles/front-1600.webp');
    expect(large.alt).toBe('Fronte');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    const second = screen.getByRole('dialog', { name: 'Foto 2 di 3' });
    // A photo without a large file is zoomed at its own size.
    expect((within(second).getByRole('img') as HTMLImageElement).src).toBe(
      'http://media.test/media/articles/back-400.webp',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'Foto 3 di 3' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("adds to the cart with the card's event and offers sharing of the page's own address", async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    const added = jest.fn();
    const stop = onDomEvent('edicola:cart-add', added);
    renderPage();
    const add = await screen.findByRole('button', { name: 'Aggiungi al Carrello' });
    expect(add.getAttribute('data-replay')).toBe('add-to-cart:c1');
    fireEvent.click(add);
    stop();
    expect(added).toHaveBeenCalledWith({ article_id: 'c1', quantity: 1, article: charizard });
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!;
    expect(decodeURIComponent(whatsapp)).toMatch(/ http:\/\/localhost\/prodotti\/charizard-ex-151-italiano$/);
  });

  it('lists the approved reviews with their summary, and votes one helpful', async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    renderPage();
    const reviews = await screen.findByRole('region', { name: 'Recensioni' });
    await within(reviews).findByText('Perfetta');
    expect(within(reviews).getByText(/5,0\/5 · 1 recensione/)).toBeTruthy();
    (global.fetch as jest.Mock).mockImplementationOnce(async () =>
      jsonResponse(200, { helpful_count: 2, counted: true }),
    );
    fireEvent.click(within(reviews).getByRole('button', { name: 'Utile (1)' }));
    expect(await within(reviews).findByRole('button', { name: 'Utile (2)' })).toBeTruthy();
    fireEvent.click(within(reviews).getByRole('button', { name: 'Lascia una recensione' }));
    expect(
      screen.getByRole('dialog', { name: 'Scrivi una recensione: Charizard ex 151 italiano' }),
    ).toBeTruthy();
  });

  it('says "Esaurito" for a sold-out article and never "Disponibili (0)"', async () => {
    serve({ 'charizard-ex-151-italiano': { ...charizard, quantity_stock: 0 } });
    renderPage();
    expect(await screen.findByText('Esaurito')).toBeTruthy();
    expect(screen.queryByText(/Disponibili/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Non Disponibile' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('moves a former address to the current one, in the page language, replacing it', async () => {
    serve({ 'charizard-vecchio': charizard });
    await initTestI18n('en');
    try {
      renderPage('/en/prodotti/charizard-vecchio?ref=mail');
      await waitFor(() =>
        expect(`${router.path}${router.search}`).toBe('/en/prodotti/charizard-ex-151-italiano?ref=mail'),
      );
    } finally {
      await initTestI18n('it');
    }
  });

  it('says "Articolo non trovato" with links to the search and the catalogue for an unknown address', async () => {
    serve({});
    renderPage('/prodotti/nessuno');
    expect(await screen.findByRole('heading', { name: 'Articolo non trovato' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca nel negozio' }).getAttribute('href')).toBe('/cerca');
    expect(screen.getByRole('link', { name: 'Torna al catalogo' }).getAttribute('href')).toBe('/prodotti');
    expect(document.title).toBe('Articolo non trovato – Edicola Napoli');
  });

  it('offers a retry when the article cannot be loaded', async () => {
    serve({ 'charizard-ex-151-italiano': 'error' });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("L'articolo non si è caricato");
    serve({ 'charizard-ex-151-italiano': charizard });
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charizard ex 151 italiano' })).toBeTruthy();
  });

  // docs/product/stock-alerts.md#request
  it("offers 'Avvisami' on a sold-out article only, and sends the address with the page's language", async () => {
    const soldOut = { ...charizard, quantity_stock: 0 };
    serve({ 'charizard-ex-151-italiano': soldOut });
    const answered = global.fetch as jest.Mock;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/public/articles/c1/alerts') ? jsonResponse(202, { message: 'ok' }) : answered(url, init),
    ) as unknown as typeof fetch;
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Charizard ex 151 italiano' });
    fireEvent.click(screen.getByRole('button', { name: 'Avvisami' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Inserisci un indirizzo email valido');
    fireEvent.change(screen.getByLabelText('La tua email'), { target: { value: ' ciro@example.it ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Avvisami' }));
    const sent = await screen.findByText(
      "Controlla la tua email e conferma: ti avviseremo quando l'articolo torna disponibile.",
    );
    expect(sent.getAttribute('role')).toBe('status');
    const call = (global.fetch as jest.Mock).mock.calls.find(([url]) => String(url).endsWith('/alerts'))!;
    expect(call[0]).toBe('http://api.test:8080/public/articles/c1/alerts');
    expect(JSON.parse(String(call[1].body))).toEqual({ email: 'ciro@example.it', language: 'it' });
  });

  it("shows no 'Avvisami' on an article in stock", async () => {
    serve({ 'charizard-ex-151-italiano': charizard });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Charizard ex 151 italiano' });
    expect(screen.queryByText('Avvisami quando torna disponibile')).toBeNull();
  });
});
