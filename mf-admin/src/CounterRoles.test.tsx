import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVALID_EAN_DETAIL } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import {
  listed,
  renderAdminAt,
  sampleArticle,
  sampleOrder,
  sent,
  staffApi,
  type Handlers,
} from './testFixtures';

// The cashier's back office (docs/product/counter.md#roles): the counter, and articles and orders to read only;
// staff and admin see every tab plus the counter. And the articles' EAN field and "Venduto altrove".

const article = sampleArticle({ quantity_stock: 3 });
const order = sampleOrder();
const status = { rt_mode: 'demo', printing: 0, last_closure_at: null, may_change_prices: false };

function shop(role: 'admin' | 'staff' | 'cashier', extra: Handlers = {}) {
  return staffApi(
    {
      'GET /api/articles': () => [200, { items: [article], total: 1, page: 1, page_size: 20 }],
      'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
      'GET /api/pos/status': () => [200, { ...status, may_change_prices: role !== 'cashier' }],
      'GET /api/pos/sales': () => [200, { day: '2026-11-29', sales: [] }],
      'GET /api/pos/closures': () => [200, { closures: [] }],
      [`GET /api/orders/${order.id}`]: () => [200, { ...order, status_history: [], credit_notes: [] }],
      [`GET /api/orders/${order.id}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, []],
      ...extra,
    },
    {
      role,
      orders: {
        orders: [listed(order)],
        counts: { all: 1, pending: 0, paid: 1, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 },
        total: 1,
        page: 1,
        page_size: 20,
      },
    },
  );
}

const tabNames = async () => {
  const tabs = await screen.findByRole('navigation', { name: 'Sezioni del back office' });
  return within(tabs)
    .getAllByRole('link')
    .map((link) => link.querySelector('span')!.textContent);
};

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('the cashier', () => {
  it('sees only Cassa, Articoli and Ordini, starts at the counter, and is sent back there from other tabs', async () => {
    const calls = shop('cashier');
    renderAdminAt('/gestione');
    expect(await tabNames()).toEqual(['Cassa', 'Articoli', 'Ordini']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/gestione/cassa'));
    expect(await screen.findByRole('heading', { name: 'Cassa', level: 2 })).toBeTruthy();
    expect(screen.getByText('(cassiere)')).toBeTruthy();
    // The staff's counts are not asked for: the cashier may not read them.
    expect(sent(calls, 'GET', '/api/admin/reviews/stats')).toHaveLength(0);
    expect(sent(calls, 'GET', '/api/admin/shipping/rules')).toHaveLength(0);
  });

  it.each([
    '/gestione/statistiche',
    '/gestione/spedizioni',
    '/gestione/recensioni',
    '/gestione/prevendita',
    '/gestione/ebay',
  ])('is sent from %s to the counter', async (path) => {
    shop('cashier');
    renderAdminAt(path);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/gestione/cassa'));
  });

  it('reads the articles without new, edit, duplicate, delete, stock or active buttons', async () => {
    shop('cashier');
    renderAdminAt('/gestione/articoli');
    expect(await screen.findByText('F1-312T')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuovo articolo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ferrari 312T/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Ferrari 312T/ })).toBeNull();
  });

  it('reads the orders and an order without any action', async () => {
    shop('cashier');
    renderAdminAt('/gestione/ordini');
    expect(await screen.findByTestId('order-row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scarica incassi' })).toBeNull();
    const row = screen.getByTestId('order-row');
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    renderAdminAt(`/gestione/ordini/${order.id}`);
    expect(await screen.findAllByTestId('order-total')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Aggiungi nota|Rimborso/ })).toBeNull();
  });
});

describe.each(['staff', 'admin'] as const)('%s', (role) => {
  it('sees every tab plus Cassa (an admin also the admins’ own), and may record a sale elsewhere', async () => {
    shop(role);
    renderAdminAt('/gestione/articoli');
    expect(await tabNames()).toEqual([
      'Home',
      'Articoli',
      'Prevendita',
      'Prenotazione',
      'Ordini',
      'Clienti',
      'Sconti',
      ...(role === 'admin' ? ['Buoni regalo'] : []),
      'Statistiche',
      'Recensioni',
      'Spedizioni',
      'eBay',
      ...(role === 'admin' ? ['Personale', 'Registro'] : []),
      'Cassa',
    ]);
    expect(await screen.findByRole('button', { name: 'Venduto altrove: Ferrari 312T' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuovo articolo' })).toBeTruthy();
    expect(!!screen.queryByRole('button', { name: 'Elimina: Ferrari 312T' })).toBe(role === 'admin');
  });
});

describe('Venduto altrove', () => {
  it('records units sold on Subito with an Idempotency-Key, kept when the same sale is sent again', async () => {
    let answers = 0;
    const calls = shop('staff', {
      'POST /api/stock/external-sales': () =>
        ++answers === 1
          ? [503, { detail: 'Catalogo non raggiungibile' }]
          : [
              201,
              {
                article: { ...article, quantity_stock: 1 },
                movement: {
                  id: 'm1',
                  article_id: article.id,
                  delta: -2,
                  reason: 'sale',
                  channel: 'subito',
                  reference: null,
                  note: 'ritiro in negozio',
                  stock_after: 1,
                  username: 'gennaro',
                  created_at: '2026-11-29T10:00:00.000Z',
                },
              },
            ],
    });
    renderAdminAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Venduto altrove: Ferrari 312T' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venduto altrove: Ferrari 312T' });
    expect((within(dialog).getByLabelText('Canale') as HTMLSelectElement).value).toBe('subito');
    fireEvent.change(within(dialog).getByLabelText('Pezzi venduti'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra vendita' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Disponibili solo 3 pezzi');
    fireEvent.change(within(dialog).getByLabelText('Pezzi venduti'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Importo incassato (€, facoltativo)'), {
      target: { value: '80,50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Nota (facoltativa)'), {
      target: { value: 'ritiro in negozio' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra vendita' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Errore nella registrazione della vendita',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra vendita' }));
    expect(await screen.findByText('Vendita registrata: Ferrari 312T, scorta 1')).toBeTruthy();
    const posts = sent(calls, 'POST', '/api/stock/external-sales');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({
      article_id: article.id,
      quantity: 2,
      channel: 'subito',
      amount: 80.5,
      note: 'ritiro in negozio',
    });
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/\S{8,}/);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
  });
});

describe("the article's EAN", () => {
  it('refuses a code with a wrong check digit at once, and sends a valid one', async () => {
    const calls = shop('staff', {
      [`PUT /api/articles/${article.id}`]: () => [200, { ...article, ean: '8001234567897' }],
      [`GET /api/articles/${article.id}/stock-movements`]: () => [200, []],
    });
    renderAdminAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    const ean = within(dialog).getByLabelText('Codice a barre (EAN)');
    fireEvent.change(ean, { target: { value: '8001234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(INVALID_EAN_DETAIL);
    expect(sent(calls, 'PUT', `/api/articles/${article.id}`)).toHaveLength(0);
    fireEvent.change(ean, { target: { value: '8001234567897' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent(calls, 'PUT', `/api/articles/${article.id}`)).toHaveLength(1));
    expect((sent(calls, 'PUT', `/api/articles/${article.id}`)[0]!.body as FormData).get('ean')).toBe(
      '8001234567897',
    );
  });
});
