import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { RuntimeConfig } from '@edicola/contracts';
import CatalogPage from './CatalogPage';
import { PHOTO_RETRY_DELAY_MS } from './ArticlePhoto';
import { initTestI18n, jsonResponse, makeArticle } from './testSupport';

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

function serve(status: number, body: unknown) {
  global.fetch = jest.fn(async () => jsonResponse(status, body)) as typeof fetch;
}

beforeAll(() => initTestI18n());

describe('CatalogPage', () => {
  it('shows a loading state, then one card per article with prices, VAT, SKU and stock', async () => {
    serve(200, [ferrari, panini]);
    render(<CatalogPage config={config} />);
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
    expect(first.getByText('Disponibili (3)')).toBeTruthy();
    const photo = first.getByRole('img') as HTMLImageElement;
    expect(photo.alt).toBe('Ferrari SF-23 1:18');
    expect(photo.src).toBe('http://api.test:8080/media/articles/ferrari-sf23.webp');

    const second = within(cards[1]!);
    expect(second.getByText('(Esente IVA)')).toBeTruthy();
    expect(second.getByTestId('final-price').textContent).toBe(nbsp('3,50 €'));
    expect(second.getByText('Disponibili (0)')).toBeTruthy();
    expect((second.getByRole('button', { name: 'Non Disponibile' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(second.queryByRole('button', { name: 'Aggiungi al Carrello' })).toBeNull();
  });

  it("emits 'edicola:cart-add' with the article id when 'Aggiungi al Carrello' is pressed", async () => {
    serve(200, [ferrari]);
    const added = jest.fn();
    const listener = (event: Event) => added((event as CustomEvent).detail);
    window.addEventListener('edicola:cart-add', listener);
    render(<CatalogPage config={config} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi al Carrello' }));
    window.removeEventListener('edicola:cart-add', listener);

    expect(added).toHaveBeenCalledWith({ article_id: ferrari.id, quantity: 1 });
  });

  it('shows the SPEC message when the products cannot be loaded', async () => {
    serve(500, { detail: 'database down' });
    render(<CatalogPage config={config} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'I prodotti verranno caricati a breve. Contattaci per informazioni!',
    );
  });

  it('retries a broken photo once after 1 s with a cache-busting query, then dims it', async () => {
    jest.useFakeTimers();
    try {
      serve(200, [ferrari]);
      render(<CatalogPage config={config} />);
      const photo = (await screen.findByTestId('article-photo')) as HTMLImageElement;

      fireEvent.error(photo);
      act(() => jest.advanceTimersByTime(PHOTO_RETRY_DELAY_MS - 1));
      expect(screen.getByTestId('article-photo').getAttribute('src')).not.toMatch(/retry=/);
      act(() => jest.advanceTimersByTime(1));
      const retried = screen.getByTestId('article-photo') as HTMLImageElement;
      expect(retried.getAttribute('src')).toMatch(/ferrari-sf23\.webp\?retry=\d+$/);

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
    render(<CatalogPage config={config} />);
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.getByText('Available (3)')).toBeTruthy();
    await act(() => i18n.changeLanguage('it'));
    expect(screen.getByRole('button', { name: 'Aggiungi al Carrello' })).toBeTruthy();
  });
});
