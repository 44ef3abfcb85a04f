import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { orderReference, type BulkOrderResult, type Order } from '@edicola/contracts';
import { fileAnswer, initTestI18n, type ServedCall } from './testSupport';
import { API, listed, renderAdminAt, sampleOrder, sent, staffApi, type Handlers } from './testFixtures';

// The Ordini list to work from (docs/product/back-office.md#order-rows, #bulk-actions, #list-refresh).

const order = (id: string, changes: Partial<Order> = {}): Order => ({
  ...sampleOrder(),
  id,
  order_reference: orderReference(id),
  payment_demo: false,
  ...changes,
});
const paid = order('0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a', {
  items: [
    { ...sampleOrder().items[0]!, article_id: 'a1', title: 'Ferrari 312T', quantity: 2 },
    { ...sampleOrder().items[0]!, article_id: 'a2', title: 'Tex Willer n. 1', quantity: 1 },
  ],
});
const invoiced = order('1c7a9f3b-7d2e-4e1f-8b8c-2a3b4c5d6e7f', {
  status: 'confirmed',
  packlink_shipment_id: 'UN2026PRO0002',
  packlink_data: { tracking_number: 'BRT-777', carrier_name: 'BRT' },
  invoice_data: {
    requires_invoice: true,
    invoice_type: 'privato',
    codice_fiscale: 'RSSMRA85T10A562S',
    ragione_sociale: null,
    piva: null,
    codice_fiscale_azienda: null,
    pec: null,
    sdi: null,
    invoice_issued: true,
    invoice_number: '7/2026',
    invoice_date: '2026-11-20',
  },
});
const unpaid = order('2d8b0a4c-8e3f-4f20-9c9d-3b4c5d6e7f80', {
  status: 'pending',
  payment_status: 'pending',
});
const shippedOrder = order('3e9c1b5d-9f40-4031-8dae-4c5d6e7f8091', {
  status: 'shipped',
  tracking_number: 'GLS-1',
});
const counts = { all: 4, pending: 1, paid: 1, confirmed: 1, shipped: 1, delivered: 0, cancelled: 0 };
const PHOTO = '/media/articles/0123456789abcdef01234567-400.webp';
const page = (orders: Order[]) => ({
  orders: orders.map((o) => listed(o, PHOTO)),
  counts,
  total: orders.length,
  page: 1,
  page_size: 25,
});
const listCalls = (calls: ServedCall[]) =>
  sent(calls, 'GET', '/api/orders').filter((c) => c.query.get('page_size') !== '1');
const rows = () => screen.findAllByTestId('order-row', {}, { timeout: 5000 });
const rowOf = async (id: string) => (await rows()).find((r) => r.textContent!.includes(orderReference(id)))!;

function shop(extra: Handlers = {}, orders: Order[] = [paid, invoiced, unpaid]) {
  return staffApi(
    { 'GET /api/orders/changes': () => [200, { version: 'v1' }], ...extra },
    { orders: page(orders) },
  );
}

let downloads: string[] = [];
beforeAll(() => initTestI18n());
beforeEach(() => {
  localStorage.clear();
  downloads = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('Ordini: rows to work from', () => {
  it('shows the lines to pack with photo and quantity, and the state, payment and invoice as badges', async () => {
    shop();
    renderAdminAt('/gestione/ordini');
    const row = await rowOf(paid.id);
    const lines = within(row).getByRole('list', { name: 'Da imballare' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2×Ferrari 312T', '1×Tex Willer n. 1']);
    const photos = lines.querySelectorAll('img');
    expect([...photos].map((img) => img.getAttribute('src'))).toEqual([`${API}${PHOTO}`, `${API}${PHOTO}`]);
    expect([...photos].every((img) => img.getAttribute('alt') === '')).toBe(true);
    const badges = (r: HTMLElement) => [...r.querySelectorAll('.adm-badge')].map((b) => b.textContent);
    expect(badges(row)).toEqual(['Pagato', 'Carta · Pagato']);
    expect(badges(await rowOf(invoiced.id))).toEqual(['Confermato', 'Carta · Pagato', 'Fattura 7/2026']);
  });

  it('keeps the other actions in a menu: arrows move, Escape closes and gives the focus back', async () => {
    shop();
    renderAdminAt('/gestione/ordini');
    const row = await rowOf(paid.id);
    const more = within(row).getByRole('button', { name: 'Altre azioni: ORD-3D4C5B6A' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const menu = within(row).getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement!.textContent).toBe('Annulla e rimborsa');
    // The cancellation is set apart by a separator.
    expect(within(menu).getByRole('separator')).toBeTruthy();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(within(row).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    // The cancellation is confirmed before anything is sent.
    fireEvent.click(more);
    fireEvent.click(within(row).getByRole('menuitem', { name: 'Annulla e rimborsa: ORD-3D4C5B6A' }));
    expect(await screen.findByRole('dialog', { name: 'Annulla e rimborsa' })).toBeTruthy();
  });
});

describe('Ordini: bulk actions', () => {
  const result = (o: Order, outcome: BulkOrderResult['outcome'], detail: string | null = null) => ({
    order_id: o.id,
    order_reference: orderReference(o.id),
    outcome,
    detail,
  });

  it('chooses all, confirms them and names the one refused with the reason', async () => {
    const calls = shop({
      'POST /api/orders/bulk/confirm': () => [
        200,
        {
          results: [
            result(paid, 'done'),
            result(invoiced, 'unchanged'),
            result(
              unpaid,
              'failed',
              "L'ordine non è ancora pagato: si può confermare solo dopo il pagamento",
            ),
          ],
        },
      ],
    });
    renderAdminAt('/gestione/ordini');
    await rows();
    expect(screen.queryByRole('region', { name: 'Azioni sugli ordini scelti' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Scegli tutti gli ordini della pagina' }));
    const bar = screen.getByRole('region', { name: 'Azioni sugli ordini scelti' });
    expect(bar.textContent).toContain('Ordini scelti: 3');
    const before = listCalls(calls).length;
    fireEvent.click(within(bar).getByRole('button', { name: 'Conferma' }));
    const outcome = await within(bar).findByTestId('bulk-outcome');
    expect(sent(calls, 'POST', '/api/orders/bulk/confirm')[0]!.body).toEqual({
      order_ids: [paid.id, invoiced.id, unpaid.id],
    });
    expect(outcome.textContent).toContain('Confermati: 1.');
    expect(outcome.textContent).toContain('Già fatti: 1.');
    expect(within(outcome).getByRole('listitem').textContent).toBe(
      "ORD-5D6E7F80: L'ordine non è ancora pagato: si può confermare solo dopo il pagamento",
    );
    // The list is read again after the work.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    // One box off: the heading's box is no longer all.
    const all = screen.getByRole('checkbox', {
      name: 'Scegli tutti gli ordini della pagina',
    }) as HTMLInputElement;
    fireEvent.click(
      within(await rowOf(unpaid.id)).getByRole('checkbox', { name: "Scegli l'ordine ORD-5D6E7F80" }),
    );
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
  });

  it("marks shipped with each order's tracking, the carrier's filled in, the typed ones sent", async () => {
    const calls = shop({
      'POST /api/orders/bulk/ship': () => [
        200,
        { results: [result(paid, 'done'), result(invoiced, 'done')] },
      ],
    });
    renderAdminAt('/gestione/ordini');
    for (const o of [paid, invoiced]) {
      fireEvent.click(
        within(await rowOf(o.id)).getByRole('checkbox', { name: `Scegli l'ordine ${orderReference(o.id)}` }),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Segna come spediti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Segna come spediti (2 ordini)' });
    const packlink = within(dialog).getByLabelText(/Tracking di ORD-4C5D6E7F/) as HTMLInputElement;
    expect(packlink.value).toBe('BRT-777');
    fireEvent.change(within(dialog).getByLabelText(/Tracking di ORD-3D4C5B6A/), {
      target: { value: ' SDA-9 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Segna come spediti' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'POST', '/api/orders/bulk/ship')[0]!.body).toEqual({
      orders: [
        { order_id: paid.id, tracking_number: 'SDA-9' },
        { order_id: invoiced.id, tracking_number: 'BRT-777' },
      ],
    });
    expect((await screen.findByTestId('bulk-outcome')).textContent).toContain('Spediti: 2.');
  });

  it('prints labels and slips in one PDF and names the orders without a label', async () => {
    const calls = shop({
      'POST /api/orders/bulk/print': () => [
        200,
        fileAnswer('%PDF-1.7', {
          'Content-Type': 'application/pdf',
          'Edicola-Labels-Missing': 'ORD-3D4C5B6A',
        }),
      ],
    });
    renderAdminAt('/gestione/ordini');
    await rows();
    fireEvent.click(screen.getAllByRole('checkbox', { name: /Scegli l'ordine/ })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Stampa etichette e distinte' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^etichette-e-distinte-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(sent(calls, 'POST', '/api/orders/bulk/print')[0]!.body).toEqual({ order_ids: [paid.id] });
    expect(
      (await screen.findByText(/Senza etichetta/, { selector: '.adm-bulk-outcome p' })).textContent,
    ).toBe('PDF pronto. Senza etichetta (solo distinta): ORD-3D4C5B6A');
  });

  it('says why when the whole action is refused', async () => {
    shop({
      'POST /api/orders/bulk/invoice': () => [422, { detail: 'Al massimo 100 ordini alla volta' }],
    });
    renderAdminAt('/gestione/ordini');
    await rows();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Scegli tutti gli ordini della pagina' }));
    fireEvent.click(screen.getByRole('button', { name: 'Emetti fatture' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Al massimo 100 ordini alla volta');
  });
});

describe('Ordini: a list that keeps itself current', () => {
  it('reads the page again when an order changed, and not when nothing did', async () => {
    let version = 'v1';
    let orders = [paid];
    const calls = shop({
      'GET /api/orders/changes': () => [200, { version }],
      'GET /api/orders': () => [200, page(orders)],
    });
    renderAdminAt('/gestione/ordini');
    await rows();
    await waitFor(() => expect(sent(calls, 'GET', '/api/orders/changes').length).toBeGreaterThan(0));
    const asked = () => sent(calls, 'GET', '/api/orders/changes').length;
    const before = listCalls(calls).length;
    // Shown again: the list asks at once.
    let n = asked();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked()).toBe(n + 1));
    expect(listCalls(calls).length).toBe(before);
    version = 'v2';
    orders = [shippedOrder, paid];
    n = asked();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked()).toBe(n + 1));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(screen.getAllByTestId('order-row')[0]!.textContent).toContain('ORD-6E7F8091');
    expect(listCalls(calls).length).toBe(before + 1);
  });

  it("never shows the previous tab's rows under the new tab while it loads", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    shop({
      'GET /api/orders': (call) => [
        200,
        page(call.query.get('tab') === 'shipped' ? [shippedOrder] : [paid, invoiced, unpaid]),
      ],
    });
    const served = global.fetch;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('tab=shipped')) await gate;
      return served(url, init);
    }) as unknown as typeof fetch;
    renderAdminAt('/gestione/ordini');
    expect(await rows()).toHaveLength(3);
    fireEvent.click(screen.getByRole('link', { name: /^Spediti/ }));
    await waitFor(() => expect(screen.queryAllByTestId('order-row')).toHaveLength(0));
    expect(screen.getByRole('status').textContent).toContain('Caricamento');
    release();
    const shown = await rows();
    expect(shown.map((r) => r.textContent!.includes('ORD-6E7F8091'))).toEqual([true]);
  });
});
