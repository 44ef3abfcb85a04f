import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EbayAccount, EbayReconciliation, Order, StockConflict } from '@edicola/contracts';
import { browser } from './frame/browser';
import { initTestI18n } from './testSupport';
import {
  listed,
  renderAdminAt,
  rowAction,
  rowActionNames,
  sampleArticle,
  sampleListing,
  sampleOrder,
  sent,
  staffApi,
  type Handlers,
} from './testFixtures';

// Issue 26 in the back office: the eBay screen, the article's "Vendi su eBay" panel, and eBay orders in Ordini.

const connected: EbayAccount = {
  mode: 'demo',
  connected: true,
  username: 'edicola_napoli',
  marketplace: 'EBAY_IT',
  token_state: 'valid',
  refresh_token_expires_at: '2028-05-29T10:00:00.000Z',
  connected_at: '2026-11-29T09:00:00.000Z',
  last_reached_at: '2026-11-29T10:00:00.000Z',
  last_error: null,
  last_sync_at: '2026-11-29T10:00:00.000Z',
  last_orders_read_at: '2026-11-29T10:01:00.000Z',
  pending_updates: 2,
  listed: 7,
};
const notConnected: EbayAccount = {
  ...connected,
  connected: false,
  username: null,
  token_state: 'none',
  refresh_token_expires_at: null,
  connected_at: null,
  last_reached_at: null,
  last_sync_at: null,
  last_orders_read_at: null,
  pending_updates: 0,
  listed: 0,
};
const run: EbayReconciliation = {
  id: 'run-1',
  started_at: '2026-11-29T10:00:00.000Z',
  finished_at: '2026-11-29T10:00:05.000Z',
  checked: 7,
  differences: [
    {
      article_id: 'a1',
      sku: 'F1-312T',
      title: 'Ferrari 312T',
      quantity_on_ebay: 3,
      expected: 2,
      corrected: true,
    },
  ],
  error: null,
};

type Role = 'admin' | 'staff';

function ebayShop(role: Role, account: EbayAccount, extra: Handlers = {}) {
  return staffApi(
    {
      'GET /api/ebay/account': () => [200, account],
      'GET /api/ebay/reconciliations': () => [200, [run]],
      ...extra,
    },
    { role },
  );
}

const heading = () => screen.findByRole('heading', { name: 'eBay', level: 2 }, { timeout: 5000 });

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('the eBay screen', () => {
  it('says eBay is off and how to switch it on, with nothing to press', async () => {
    const calls = ebayShop('admin', { ...notConnected, mode: 'off' });
    renderAdminAt('/gestione/ebay');
    await heading();
    const off = await screen.findByTestId('ebay-off');
    expect(off.textContent).toContain('eBay è spento.');
    expect(off.textContent).toContain('EBAY_MODE=demo');
    expect(off.textContent).toContain('EBAY_MODE=live');
    expect(screen.queryByRole('button', { name: /Collega|Sincronizza|Controlla/ })).toBeNull();
    expect(sent(calls, 'GET', '/api/ebay/account')).toHaveLength(1);
  });

  it("not connected: says what to do, and the admin's connect goes to eBay's consent page", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const consent = 'https://auth.sandbox.ebay.com/oauth2/authorize?client_id=x&state=s1';
    const calls = ebayShop('admin', notConnected, {
      'POST /api/ebay/connect': () => [200, { consent_url: consent }],
    });
    renderAdminAt('/gestione/ebay');
    expect((await screen.findByTestId('ebay-not-connected')).textContent).toContain(
      'Nessun account eBay collegato.',
    );
    expect(screen.getByTestId('ebay-mode').textContent).toContain('Un eBay finto');
    expect(screen.queryByRole('button', { name: 'Sincronizza ora' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Riconciliazione delle quantità' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collega account eBay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
    expect(sent(calls, 'POST', '/api/ebay/connect')).toHaveLength(1);
  });

  it('not connected, for staff: no connect button, an admin is needed; a failed connection says why', async () => {
    ebayShop('staff', { ...notConnected, last_error: 'eBay non ha confermato il collegamento (HTTP 500)' });
    renderAdminAt('/gestione/ebay');
    expect((await screen.findByTestId('ebay-not-connected')).textContent).toContain(
      'Chiedi a un amministratore di collegarlo.',
    );
    expect(screen.queryByRole('button', { name: 'Collega account eBay' })).toBeNull();
    expect(screen.getByTestId('ebay-last-error').textContent).toBe(
      'Ultimo errore: eBay non ha confermato il collegamento (HTTP 500)',
    );
  });

  it('shows a refused connect with the server detail and stays on the page', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    ebayShop('admin', notConnected, {
      'POST /api/ebay/connect': () => [409, { detail: 'eBay è spento: imposta EBAY_MODE' }],
    });
    renderAdminAt('/gestione/ebay');
    fireEvent.click(await screen.findByRole('button', { name: 'Collega account eBay' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert')).textContent).toContain('eBay è spento: imposta EBAY_MODE');
    expect(assign).not.toHaveBeenCalled();
  });

  it('connected, for staff: the account, the token, the sync state; sync on demand; no admin buttons', async () => {
    const calls = ebayShop('staff', connected, { 'POST /api/ebay/sync': () => [202, null] });
    renderAdminAt('/gestione/ebay');
    const facts = await screen.findByTestId('ebay-account', {}, { timeout: 5000 });
    expect(facts.textContent).toContain('edicola_napoli');
    expect(facts.textContent).toContain('EBAY_IT');
    expect(facts.textContent).toContain('Valido');
    expect(facts.textContent).toContain('rinnovabile fino al 29/05/2028');
    expect(screen.getByTestId('ebay-pending').textContent).toBe('2');
    expect(screen.getByTestId('ebay-listed').textContent).toBe('7');
    expect(screen.queryByTestId('ebay-last-error')).toBeNull();
    expect(screen.queryByRole('button', { name: /Collega/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scollega' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }));
    expect((await screen.findByRole('status')).textContent).toContain('Sincronizzazione richiesta');
    expect(sent(calls, 'POST', '/api/ebay/sync')).toHaveLength(1);
    // The account is read again: the sync's figures change.
    await waitFor(() => expect(sent(calls, 'GET', '/api/ebay/account')).toHaveLength(2));
  });

  it("a sync that fails or outlasts the wait says so, and the account shows eBay's last word", async () => {
    const calls = ebayShop('staff', connected, {
      'POST /api/ebay/sync': () => [502, { detail: 'Bad Gateway' }],
    });
    renderAdminAt('/gestione/ebay');
    fireEvent.click(await screen.findByRole('button', { name: 'Sincronizza ora' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Operazione non riuscita o ancora in corso: ricontrolla tra poco.',
    );
    await waitFor(() => expect(sent(calls, 'GET', '/api/ebay/account')).toHaveLength(2));
  });

  it('an expired token asks to connect again; the last error says why eBay was not reached', async () => {
    ebayShop('admin', {
      ...connected,
      token_state: 'expired',
      last_error: 'eBay ha rifiutato il token (invalid_grant)',
    });
    renderAdminAt('/gestione/ebay');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Il collegamento con eBay è scaduto',
    );
    expect(screen.getByTestId('ebay-account').textContent).toContain('Scaduto');
    expect(screen.getByTestId('ebay-last-error').textContent).toBe(
      'Ultimo errore: eBay ha rifiutato il token (invalid_grant)',
    );
    expect(screen.getByRole('button', { name: 'Collega di nuovo' })).toBeTruthy();
  });

  it('says so when the account cannot be loaded, and loads it again on request', async () => {
    let answers = 0;
    const calls = ebayShop('staff', connected, {
      'GET /api/ebay/account': () => (++answers === 1 ? [503, { detail: 'down' }] : [200, connected]),
    });
    renderAdminAt('/gestione/ebay');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Errore nel caricamento dell'account eBay");
    fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('ebay-account')).toBeTruthy();
    expect(sent(calls, 'GET', '/api/ebay/account')).toHaveLength(2);
  });

  it("back from eBay's consent (?ebay=connected): a success message, and the address forgets it", async () => {
    ebayShop('admin', connected);
    renderAdminAt('/gestione/ebay?ebay=connected');
    expect(await screen.findByText('Account eBay collegato', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/gestione/ebay'));
  });

  it('the admin disconnects only after confirming', async () => {
    const calls = ebayShop('admin', connected, { 'DELETE /api/ebay/account': () => [200, notConnected] });
    renderAdminAt('/gestione/ebay');
    fireEvent.click(await screen.findByRole('button', { name: 'Scollega' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: "Scollegare l'account eBay?" });
    // Disconnecting leaves the listings on eBay, no longer kept in step: said before it is done.
    expect(dialog.textContent).toContain('Le inserzioni restano pubblicate su eBay');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(sent(calls, 'DELETE', '/api/ebay/account')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Scollega' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Scollega' }));
    expect((await screen.findByRole('status')).textContent).toContain('Account eBay scollegato');
    expect(sent(calls, 'DELETE', '/api/ebay/account')).toHaveLength(1);
  });

  it("lists the reconciliation's runs with their differences, and checks now on request", async () => {
    const calls = ebayShop('staff', connected, { 'POST /api/ebay/reconciliations': () => [201, run] });
    renderAdminAt('/gestione/ebay');
    const runs = await screen.findAllByTestId('ebay-run', {}, { timeout: 5000 });
    expect(runs).toHaveLength(1);
    expect(runs[0]!.textContent).toContain('inserzioni controllate: 7');
    const [difference] = within(runs[0]!).getAllByTestId('ebay-difference');
    expect([...difference!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Ferrari 312T (F1-312T)',
      '3',
      '2',
      'Sì',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Controlla ora' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/ebay/reconciliations')).toHaveLength(1));
    await waitFor(() => expect(sent(calls, 'GET', '/api/ebay/reconciliations')).toHaveLength(2));
  });

  it('says when no reconciliation ran yet', async () => {
    ebayShop('staff', connected, { 'GET /api/ebay/reconciliations': () => [200, []] });
    renderAdminAt('/gestione/ebay');
    expect(await screen.findByText(/Nessun controllo ancora/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryAllByTestId('ebay-run')).toHaveLength(0);
  });
});

describe('the article\'s "Vendi su eBay" panel', () => {
  const article = sampleArticle({ quantity_stock: 3 });
  const ebayPath = `/api/articles/${article.id}/ebay`;
  const listed = sampleListing({
    enabled: true,
    price: 59.9,
    buffer: 1,
    state: 'listed',
    listing_id: '110551234567',
    listing_url: 'http://api.test:8080/demo/ebay/itm/110551234567',
    quantity_on_ebay: 2,
    updated_at: '2026-11-29T10:00:00.000Z',
  });

  function articleShop(extra: Handlers = {}) {
    return staffApi({
      'GET /api/articles': () => [200, { items: [article], total: 1, page: 1, page_size: 20 }],
      'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
      [`GET /api/articles/${article.id}/stock-movements`]: () => [200, []],
      ...extra,
    });
  }

  const openPanel = async () => {
    renderAdminAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    return within(dialog).findByTestId('ebay-panel');
  };

  it("shows the listing's state, its quantity on eBay and its link in a new tab", async () => {
    articleShop({ [`GET ${ebayPath}`]: () => [200, listed] });
    const panel = within(await openPanel());
    expect((await panel.findByTestId('ebay-state')).textContent).toBe('In vendita');
    expect(panel.getByTestId('ebay-quantity').textContent).toBe('2');
    const link = panel.getByRole('link', { name: "Apri l'inserzione su eBay" }) as HTMLAnchorElement;
    expect(link.href).toBe(listed.listing_url);
    expect(link.target).toBe('_blank');
    expect((panel.getByLabelText('Vendi questo articolo su eBay') as HTMLInputElement).checked).toBe(true);
    expect((panel.getByLabelText('Prezzo su eBay (€, IVA inclusa)') as HTMLInputElement).value).toBe('59.9');
    expect((panel.getByLabelText('Unità da tenere fuori da eBay') as HTMLInputElement).value).toBe('1');
  });

  it("an error listing shows eBay's reason", async () => {
    articleShop({
      [`GET ${ebayPath}`]: () => [
        200,
        sampleListing({
          enabled: true,
          state: 'error',
          error: 'eBay: categoria non valida per questo articolo',
        }),
      ],
    });
    const panel = within(await openPanel());
    expect((await panel.findByTestId('ebay-state')).textContent).toBe('Errore');
    expect(panel.getByRole('note').textContent).toBe('eBay: categoria non valida per questo articolo');
  });

  it("lists the article: the shop's gross price as placeholder, an empty price sent as null", async () => {
    const calls = articleShop({
      [`PUT ${ebayPath}`]: () => [200, sampleListing({ enabled: true, buffer: 1, state: 'pending' })],
    });
    const panel = within(await openPanel());
    expect((await panel.findByTestId('ebay-state')).textContent).toBe('Non in vendita');
    const price = panel.getByLabelText('Prezzo su eBay (€, IVA inclusa)') as HTMLInputElement;
    // 49,90 net + 22 % VAT.
    expect(price.placeholder).toMatch(/^60,88\s€$/);
    expect(price.value).toBe('');
    fireEvent.click(panel.getByLabelText('Vendi questo articolo su eBay'));
    fireEvent.change(panel.getByLabelText('Unità da tenere fuori da eBay'), { target: { value: '1' } });
    fireEvent.click(panel.getByRole('button', { name: 'Salva impostazioni eBay' }));
    expect((await panel.findByRole('status')).textContent).toBe('Impostazioni eBay salvate');
    expect(panel.getByTestId('ebay-state').textContent).toBe('In pubblicazione');
    expect(sent(calls, 'PUT', ebayPath).map((c) => c.body)).toEqual([
      { enabled: true, price: null, buffer: 1 },
    ]);
  });

  it("shows the server's detail next to the panel when it refuses, and refuses a zero price itself", async () => {
    const calls = articleShop({
      [`GET ${ebayPath}`]: () => [200, listed],
      [`PUT ${ebayPath}`]: () => [409, { detail: "Collega prima l'account eBay del negozio" }],
    });
    const panel = within(await openPanel());
    const price = await panel.findByLabelText('Prezzo su eBay (€, IVA inclusa)');
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(panel.getByRole('button', { name: 'Salva impostazioni eBay' }));
    expect((await panel.findByRole('alert')).textContent).toBe('Il prezzo eBay deve essere maggiore di zero');
    fireEvent.change(price, { target: { value: '64,5' } });
    const buffer = panel.getByLabelText('Unità da tenere fuori da eBay');
    fireEvent.change(buffer, { target: { value: 'due' } });
    fireEvent.click(panel.getByRole('button', { name: 'Salva impostazioni eBay' }));
    await waitFor(() =>
      expect(panel.getByRole('alert').textContent).toBe(
        'Le unità da tenere fuori da eBay devono essere un numero intero',
      ),
    );
    expect(sent(calls, 'PUT', ebayPath)).toHaveLength(0);
    fireEvent.change(buffer, { target: { value: '1' } });
    fireEvent.click(panel.getByRole('button', { name: 'Salva impostazioni eBay' }));
    await waitFor(() =>
      expect(panel.getByRole('alert').textContent).toBe("Collega prima l'account eBay del negozio"),
    );
    expect(sent(calls, 'PUT', ebayPath).map((c) => c.body)).toEqual([
      { enabled: true, price: 64.5, buffer: 1 },
    ]);
    // Still as eBay last reported it.
    expect(panel.getByTestId('ebay-state').textContent).toBe('In vendita');
  });
});

describe('Ordini: eBay orders', () => {
  const webOrder = sampleOrder();
  const ebayOrder = sampleOrder({
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    order_reference: 'ORD-1A2B3C4D',
    channel: 'ebay',
    external_id: '12-34567-89012',
    payment_method: 'ebay',
    payment_intent_id: null,
    payment_demo: false,
  });
  const counts = { all: 2, pending: 0, paid: 2, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 };
  const conflict: StockConflict = {
    order_id: ebayOrder.id,
    order_reference: ebayOrder.order_reference,
    channel: 'ebay',
    external_id: '12-34567-89012',
    created_at: '2026-11-29T10:00:00.000Z',
    lines: [{ article_id: 'a1', sku: 'F1-312T', title: 'Ferrari 312T', quantity: 1 }],
    competing_orders: [{ order_id: webOrder.id, order_reference: webOrder.order_reference, channel: 'web' }],
  };

  function ordersShop(orders: Order[], extra: Handlers = {}, role: 'admin' | 'staff' | 'cashier' = 'staff') {
    return staffApi(extra, {
      role,
      orders: { orders: orders.map((o) => listed(o)), counts, total: orders.length, page: 1, page_size: 25 },
    });
  }
  const rows = () => screen.findAllByTestId('order-row', {}, { timeout: 5000 });
  const listCalls = (calls: ReturnType<typeof staffApi>) =>
    sent(calls, 'GET', '/api/orders').filter((c) => c.query.get('page_size') !== '1');

  it('badges the eBay order, paid with eBay; the web order has no badge', async () => {
    ordersShop([webOrder, ebayOrder]);
    renderAdminAt('/gestione/ordini');
    const [web, ebay] = await rows();
    expect(within(web!).queryByTestId('channel-badge')).toBeNull();
    expect(within(ebay!).getByTestId('channel-badge').textContent).toBe('eBay');
    expect(ebay!.textContent).toContain('eBay · Pagato');
    // eBay holds the money: cancelling here refunds nothing, and says so.
    expect(rowActionNames(ebay!)).toContain('!Annulla ordine');
    expect(rowActionNames(ebay!).join()).not.toContain('Annulla e rimborsa');
    fireEvent.click(rowAction(ebay!, 'Annulla ordine: ORD-1A2B3C4D'));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      "Annullare l'ordine eBay ORD-1A2B3C4D? Il rimborso all'acquirente si fa su eBay.",
    );
    expect(rowAction(web!, 'Annulla e rimborsa: ORD-3D4C5B6A')).toBeTruthy();
  });

  it('filters by channel through the address and the query', async () => {
    const calls = ordersShop([webOrder, ebayOrder]);
    renderAdminAt('/gestione/ordini?canale=ebay');
    await rows();
    expect(listCalls(calls).at(-1)!.query.get('channel')).toBe('ebay');
    const select = screen.getByLabelText('Canale') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Tutti', 'Web', 'eBay']);
    fireEvent.change(select, { target: { value: 'web' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('channel')).toBe('web'));
    expect(screen.getByTestId('location').textContent).toBe('/gestione/ordini?canale=web');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.has('channel')).toBe(false));
  });

  it('puts each stock conflict at the top with what to do; Riprova shows a 409 and clears once solved', async () => {
    let open = [conflict];
    let retries = 0;
    const calls = ordersShop([webOrder, ebayOrder], {
      'GET /api/orders/stock-conflicts': () => [200, open],
      [`POST /api/orders/${ebayOrder.id}/stock-conflict/retry`]: () => {
        if (++retries === 1)
          return [409, { detail: "Il pezzo non è ancora libero: annulla prima l'ordine web" }];
        open = [];
        return [200, { ...ebayOrder, stock_conflict: false }];
      },
    });
    renderAdminAt('/gestione/ordini');
    const banner = await screen.findByTestId('stock-conflict', {}, { timeout: 5000 });
    const box = within(banner);
    expect(box.getByRole('heading', { name: 'Ultimo pezzo venduto due volte' })).toBeTruthy();
    expect(banner.textContent).toContain('Ordine eBay 12-34567-89012');
    expect(banner.textContent).toContain('Ferrari 312T (F1-312T) × 1');
    expect(box.getByRole('link', { name: 'ORD-1A2B3C4D' }).getAttribute('href')).toBe(
      `/gestione/ordini/${ebayOrder.id}`,
    );
    expect(box.getByRole('link', { name: 'ORD-3D4C5B6A' }).getAttribute('href')).toBe(
      `/gestione/ordini/${webOrder.id}`,
    );
    expect(banner.textContent).toContain(
      "annulla e rimborsa uno dei due ordini; se annulli l'ordine web, poi premi Riprova",
    );
    fireEvent.click(box.getByRole('button', { name: 'Riprova' }));
    expect((await box.findByRole('alert')).textContent).toBe(
      "Il pezzo non è ancora libero: annulla prima l'ordine web",
    );
    fireEvent.click(box.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(screen.queryByTestId('stock-conflict')).toBeNull());
    expect((await screen.findByRole('status')).textContent).toContain('Ordine eBay 12-34567-89012');
    expect(sent(calls, 'POST', `/api/orders/${ebayOrder.id}/stock-conflict/retry`)).toHaveLength(2);
  });

  it('reads the conflicts again when an order of the list moves (the eBay order cancelled)', async () => {
    let open = [conflict];
    const calls = ordersShop([webOrder, ebayOrder], {
      'GET /api/orders/stock-conflicts': () => [200, open],
      [`PUT /api/orders/${ebayOrder.id}/status`]: () => {
        open = [];
        return [200, { ...ebayOrder, status: 'cancelled' }];
      },
    });
    renderAdminAt('/gestione/ordini');
    await screen.findByTestId('stock-conflict', {}, { timeout: 5000 });
    const ebay = (await rows())[1]!;
    fireEvent.click(rowAction(ebay, 'Annulla ordine: ORD-1A2B3C4D'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla ordine' }),
    );
    await waitFor(() => expect(screen.queryByTestId('stock-conflict')).toBeNull());
    expect(sent(calls, 'PUT', `/api/orders/${ebayOrder.id}/status`)[0]!.query.get('status')).toBe(
      'cancelled',
    );
    expect(sent(calls, 'GET', '/api/orders/stock-conflicts')).toHaveLength(2);
  });

  it('a cashier is not shown the conflicts (nor are they asked for)', async () => {
    const calls = ordersShop([ebayOrder], {}, 'cashier');
    renderAdminAt('/gestione/ordini');
    await rows();
    expect(sent(calls, 'GET', '/api/orders/stock-conflicts')).toHaveLength(0);
  });

  it("the order page names eBay and eBay's order id", async () => {
    ordersShop([ebayOrder], {
      [`GET /api/orders/${ebayOrder.id}`]: () => [
        200,
        { ...ebayOrder, stock_conflict: true, status_history: [], credit_notes: [] },
      ],
      [`GET /api/orders/${ebayOrder.id}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, []],
    });
    renderAdminAt(`/gestione/ordini/${ebayOrder.id}`);
    const channel = await screen.findByTestId('order-channel', {}, { timeout: 5000 });
    expect(channel.textContent).toBe('eBay Ordine eBay 12-34567-89012');
    expect(screen.getByRole('note').textContent).toContain('Ultimo pezzo venduto due volte');
    expect(screen.getByText('eBay', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Il rimborso di un ordine eBay si fa su eBay.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rimborso parziale' })).toBeNull();
  });
});
