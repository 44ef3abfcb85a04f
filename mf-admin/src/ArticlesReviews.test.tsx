import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initTestI18n } from './testSupport';
import {
  API,
  renderAdminAt,
  sampleArticle,
  sampleReview,
  sent,
  staffApi,
  type Handlers,
} from './testFixtures';

const article = sampleArticle({
  quantity_stock: 5,
  photo_url: '/media/articles/0123456789abcdef01234567-400.webp',
});
const review = sampleReview(article, { rating: 1, title: 'Deludente', comment: 'Scatola rovinata' });

function shop(extra: Handlers = {}) {
  return staffApi(
    {
      'GET /api/articles': () => [200, { items: [article], total: 1, page: 1, page_size: 20 }],
      'GET /api/admin/articles/prevendita': () => [200, { items: [], total: 0, page: 1, page_size: 20 }],
      'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
      'GET /api/admin/reviews/all': () => [200, [review]],
      ...extra,
    },
    { reviewStats: { total_reviews: 3, approved_reviews: 2, pending_reviews: 1, average_rating: 4.7 } },
  );
}

const renderAt = renderAdminAt;

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('Articoli: duplicate and the link panel', () => {
  it("duplicates with the original's photo and stock, unless staff choose otherwise", async () => {
    const copy = { ...article, id: 'copy-1', sku: 'F1-312T-B', version: 1 };
    const calls = shop({ 'POST /api/articles': () => [201, copy] });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Duplica: Ferrari 312T' }, { timeout: 5000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Duplica articolo' });
    expect((within(dialog).getByRole('img', { name: 'Anteprima della foto' }) as HTMLImageElement).src).toBe(
      `${API}${article.photo_url}`,
    );
    expect((within(dialog).getByLabelText('Quantità in magazzino *') as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(dialog).getByLabelText('SKU *'), { target: { value: 'F1-312T-B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByTestId('link-panel');
    let form = sent(calls, 'POST', '/api/articles')[0]!.body as FormData;
    expect(form.get('sku')).toBe('F1-312T-B');
    expect(form.get('quantity_stock')).toBe('5');
    expect(form.get('photo_from')).toBe(article.id);
    expect(form.get('photo')).toBeNull();

    // Another stock and a photo of its own: the copy sends those instead.
    fireEvent.click(screen.getByRole('button', { name: 'Duplica: Ferrari 312T' }));
    dialog = await screen.findByRole('dialog', { name: 'Duplica articolo' });
    fireEvent.change(within(dialog).getByLabelText('Quantità in magazzino *'), { target: { value: '1' } });
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'nuova.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Foto'), { target: { files: [png] } });
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('img', { name: 'Anteprima della foto' }) as HTMLImageElement).src,
      ).toMatch(/^data:image\/png;base64,/),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/articles')).toHaveLength(2));
    form = sent(calls, 'POST', '/api/articles')[1]!.body as FormData;
    expect(form.get('quantity_stock')).toBe('1');
    expect((form.get('photo') as File).name).toBe('nuova.png');
    expect(form.get('photo_from')).toBeNull();
  });

  it('closes the link panel when staff switch to another article tab, and it stays closed', async () => {
    shop({
      [`PUT /api/articles/${article.id}`]: () => [200, { ...article, version: 4 }],
      [`GET /api/articles/${article.id}/stock`]: () => [200, []],
    });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByTestId('link-panel')).toBeTruthy();

    const tabs = screen.getByRole('navigation', { name: 'Sezioni del back office' });
    fireEvent.click(within(tabs).getByRole('link', { name: /Prevendita/ }));
    expect(await screen.findByRole('heading', { name: 'Articoli in prevendita' })).toBeTruthy();
    expect(screen.queryByTestId('link-panel')).toBeNull();
    fireEvent.click(within(tabs).getByRole('link', { name: /Articoli/ }));
    expect(await screen.findByRole('heading', { name: 'Articoli' })).toBeTruthy();
    expect(screen.queryByTestId('link-panel')).toBeNull();
  });
});

describe('Recensioni: figures and counts in the staff language', () => {
  it('writes the average with the decimal comma in Italian, one star in the singular', async () => {
    shop();
    renderAt('/gestione/recensioni');
    await waitFor(() => expect(screen.getByTestId('average-rating').textContent).toBe('4,7'), {
      timeout: 5000,
    });
    expect(within(await screen.findByTestId('review')).getByLabelText('1 stella su 5')).toBeTruthy();
  });

  it('writes the average with a decimal point in English', async () => {
    const i18n = await initTestI18n('en');
    try {
      shop({
        'GET /api/admin/reviews/stats': () => [
          200,
          { total_reviews: 1, approved_reviews: 1, pending_reviews: 0, average_rating: 4 },
        ],
      });
      renderAt('/gestione/recensioni');
      await waitFor(() => expect(screen.getByTestId('average-rating').textContent).toBe('4.0'), {
        timeout: 5000,
      });
      expect(within(await screen.findByTestId('review')).getByLabelText('1 star out of 5')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('it'));
    }
  });
});

describe('counts of days and items agree with their number', () => {
  const say = (language: string, key: string, count: number) =>
    i18next.getFixedT(language, 'admin')(key, { count, base: '5,00 €', increment: '2,00 €' });

  it.each([
    ['it', 1, '1 giorno'],
    ['it', 3, '3 giorni'],
    ['en', 1, '1 day'],
    ['de', 2, '2 Tage'],
    ['ru', 1, '1 день'],
    ['ru', 3, '3 дня'],
    ['ru', 5, '5 дней'],
  ])('%s: %d transit days', async (language, count, text) => {
    await i18next.loadLanguages(language);
    expect(say(language, 'orders.shipment.transit', count)).toBe(text);
  });

  it.each([
    ['it', 1, '1 ordine'],
    ['it', 5, '5 ordini'],
    ['en', 1, '1 order'],
    ['ru', 3, '3 заказа'],
  ])('%s: %d orders in the payment statistics', async (language, count, text) => {
    await i18next.loadLanguages(language);
    expect(say(language, 'stats.orders', count)).toBe(text);
  });

  it('a quantity rule counts its items in the singular and the plural', async () => {
    await i18next.loadLanguages('en');
    expect(say('it', 'shipping.quantityFormula', 1)).toBe('5,00 € + 2,00 € ogni 1 articolo');
    expect(say('it', 'shipping.quantityFormula', 3)).toBe('5,00 € + 2,00 € ogni 3 articoli');
    expect(say('en', 'shipping.quantityFormula', 1)).toBe('5,00 € + 2,00 € every 1 item');
  });
});
