import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { orderReference, type Order, type OrderDetail } from '@edicola/contracts';
import { fileAnswer, initTestI18n, type ServedCall } from './testSupport';
import {
  listed,
  renderAdminAt,
  rowAction,
  rowActionNames,
  sampleOrder,
  sent,
  staffApi,
  type Handlers,
} from './testFixtures';

const base = sampleOrder();
const order = (id: string, changes: Partial<Order> = {}): Order => ({
  ...base,
  id,
  order_reference: orderReference(id),
  ...changes,
});

const paid = base;
const transfer = order('1c7a9f3b-7d2e-4e1f-8b8c-2a3b4c5d6e7f', {
  status: 'pending',
  payment_method: 'transfer',
  payment_status: 'pending',
  payment_demo: false,
  payment_intent_id: null,
  payment_due_at: '2026-11-27T10:00:00.000Z',
});
const shipped = order('2d8b0a4c-8e3f-4f20-9c9d-3b4c5d6e7f80', {
  status: 'shipped',
  tracking_number: 'TRK1',
  packlink_shipment_id: 'UN2026PRO0001',
  packlink_data: { tracking_number: 'TRK1', carrier_name: 'BRT' },
  payment_demo: false,
});
const counts = { all: 9, pending: 2, paid: 3, confirmed: 1, shipped: 1, delivered: 1, cancelled: 1 };
const page = (orders: Order[], total = orders.length) => ({
  orders: orders.map((o) => listed(o)),
  counts,
  total,
  page: 1,
  page_size: 25,
});

function shop(extra: Handlers = {}, orders: Order[] = [paid, transfer, shipped]) {
  return staffApi(extra, { orders: page(orders) });
}

const renderAt = renderAdminAt;

/** The list's calls, leaving out the tab counts' (page_size=1). */
const listCalls = (calls: ServedCall[]) =>
  sent(calls, 'GET', '/api/orders').filter((c) => c.query.get('page_size') !== '1');
/** The row of an order (the first render loads the tab's chunk: a slow machine takes a while). */
const rowOf = async (id: string) =>
  (await screen.findAllByTestId('order-row', {}, { timeout: 5000 })).find((row) =>
    row.textContent!.includes(orderReference(id)),
  )!;

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
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('Ordini: the list', () => {
  it('asks the server for the filters of the address and keeps new ones there', async () => {
    const calls = shop();
    renderAt(
      '/gestione/ordini?stato=nuovi&q=rossi&metodo=transfer&pagamento=to_pay&dal=2026-11-01&al=2026-11-30&ordina=oldest&pagina=2',
    );
    await rowOf(paid.id);
    expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toEqual({
      tab: 'new',
      q: 'rossi',
      payment_method: 'transfer',
      payment: 'to_pay',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'oldest',
      page: '2',
      page_size: '25',
    });
    const tabs = screen.getByRole('navigation', { name: 'Filtra per stato' });
    expect(within(tabs).getByRole('link', { name: /Nuovi/ }).textContent).toBe('Nuovi 5');
    expect(within(tabs).getByRole('link', { name: /Annullati/ }).textContent).toBe('Annullati 1');
    expect(
      (screen.getByLabelText('Cerca per riferimento, nome, e-mail o ordine eBay') as HTMLInputElement).value,
    ).toBe('rossi');
    fireEvent.change(screen.getByLabelText('Stato del pagamento'), { target: { value: 'demo' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/gestione/ordini?stato=nuovi&q=rossi&metodo=transfer&pagamento=demo&dal=2026-11-01&al=2026-11-30&ordina=oldest',
      ),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('payment')).toBe('demo'));
    fireEvent.click(within(tabs).getByRole('link', { name: /Spediti/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('tab')).toBe('shipped'));
    expect(screen.getByTestId('location').textContent).toContain('stato=spediti');
  });

  it('shows the order reference (ORD- and the last 8 characters), demo money and a transfer due date', async () => {
    shop();
    renderAt('/gestione/ordini');
    const row = await rowOf(paid.id);
    expect(within(row).getByRole('link', { name: "Apri l'ordine ORD-3D4C5B6A" }).textContent).toBe(
      'ORD-3D4C5B6A',
    );
    expect(within(row).getByText('DEMO')).toBeTruthy();
    expect((await rowOf(transfer.id)).textContent).toContain('da pagare entro il 27/11/2026');
  });

  it('says so when the list fails, and when nothing matches', async () => {
    shop({ 'GET /api/orders': () => [500, { detail: 'boom' }] });
    const { unmount } = renderAt('/gestione/ordini');
    expect((await screen.findByRole('alert')).textContent).toContain('Errore nel caricamento degli ordini');
    unmount();
    shop({}, []);
    renderAt('/gestione/ordini?q=nessuno');
    expect(await screen.findByText('Nessun ordine corrisponde a questi filtri.')).toBeTruthy();
  });

  it('offers only the moves of the transitions table, confirm disabled until paid', async () => {
    const delivered = order('3e9c1b5d-9f40-4031-8dae-4c5d6e7f8091', { status: 'delivered' });
    shop({}, [paid, transfer, shipped, delivered]);
    renderAt('/gestione/ordini');
    // The first step due is the row's button; the others are in its menu, the cancellation last ('!').
    const names = rowActionNames;
    expect(names(await rowOf(paid.id))).toEqual([
      'Conferma',
      'Crea spedizione',
      'Segna come spedito',
      'Fattura',
      '!Annulla e rimborsa',
    ]);
    expect(names(await rowOf(transfer.id))).toEqual([
      'Bonifico ricevuto',
      'Conferma (off)',
      'Fattura',
      '!Annulla ordine',
    ]);
    expect(names(await rowOf(shipped.id))).toEqual([
      'Segna come consegnato',
      'Fattura',
      'Etichetta',
      'Distinta di imballaggio',
    ]);
    expect(names(await rowOf(delivered.id))).toEqual(['Fattura']);
  });

  it('asks a non-blank tracking number before marking shipped, sends it with the status, then reloads', async () => {
    const calls = shop({
      [`PUT /api/orders/${paid.id}/status`]: () => [
        200,
        { ...paid, status: 'shipped', tracking_number: 'BRT42' },
      ],
    });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(paid.id), 'Segna come spedito: ORD-3D4C5B6A'));
    const dialog = await screen.findByRole('dialog', { name: "Spedizione dell'ordine ORD-3D4C5B6A" });
    const ship = within(dialog).getByRole('button', { name: 'Segna come spedito' }) as HTMLButtonElement;
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Numero di tracking'));
    fireEvent.change(within(dialog).getByLabelText('Numero di tracking'), { target: { value: '   ' } });
    expect(ship.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Numero di tracking'), { target: { value: ' BRT42 ' } });
    const before = listCalls(calls).length;
    fireEvent.click(ship);
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    const put = sent(calls, 'PUT', `/api/orders/${paid.id}/status`)[0]!;
    expect(Object.fromEntries(put.query)).toEqual({ status: 'shipped', tracking_number: 'BRT42' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Errore nell'aggiornamento dello stato ordine' when a move fails", async () => {
    shop({ [`PUT /api/orders/${shipped.id}/status`]: () => [503, { detail: 'giù' }] });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(shipped.id), 'Segna come consegnato: ORD-5D6E7F80'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Errore nell'aggiornamento dello stato ordine",
    );
  });

  it('cancels and refunds a paid order after a confirmation, and shows the refund in progress', async () => {
    let current = paid;
    const calls = shop({
      'GET /api/orders': () => [200, page([current])],
      [`PUT /api/orders/${paid.id}/status`]: () => {
        current = {
          ...paid,
          status: 'cancelled',
          payment_status: 'refunding',
          refund: {
            reason: 'cancelled_by_staff',
            requested_at: paid.created_at,
            refunded_at: null,
            amount: null,
          },
        };
        return [200, current];
      },
    });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(paid.id), 'Annulla e rimborsa: ORD-3D4C5B6A'));
    const dialog = await screen.findByRole('dialog', { name: 'Annulla e rimborsa' });
    expect(dialog.textContent).toContain('rimborsare 108,80');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla e rimborsa' }));
    expect(await screen.findByText('Rimborso in corso', { selector: '.adm-badge' })).toBeTruthy();
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/status`)[0]!.query.get('status')).toBe('cancelled');
  });

  it("records a transfer received with its day, amount and the bank's reference", async () => {
    const calls = shop({
      [`PUT /api/orders/${transfer.id}/payment`]: () => [200, { ...transfer, payment_status: 'paid' }],
    });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(transfer.id), 'Bonifico ricevuto: ORD-4C5D6E7F'));
    const dialog = await screen.findByRole('dialog', { name: 'Bonifico ricevuto – ordine ORD-4C5D6E7F' });
    fireEvent.change(within(dialog).getByLabelText('Data del bonifico'), { target: { value: '2026-11-23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra bonifico' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Inserisci data, importo e riferimento del bonifico',
    );
    fireEvent.change(within(dialog).getByLabelText('Riferimento bancario (CRO/TRN)'), {
      target: { value: 'TRN 0042' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra bonifico' }));
    expect(await screen.findByText("Bonifico registrato per l'ordine ORD-4C5D6E7F")).toBeTruthy();
    expect(sent(calls, 'PUT', `/api/orders/${transfer.id}/payment`)[0]!.body).toEqual({
      received_on: '2026-11-23',
      amount: 108.8,
      bank_reference: 'TRN 0042',
    });
  });

  it('lists the transfers still awaited with one click', async () => {
    const calls = shop();
    renderAt('/gestione/ordini');
    await rowOf(paid.id);
    fireEvent.click(screen.getByRole('button', { name: 'Bonifici da ricevere' }));
    await waitFor(() =>
      expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toMatchObject({
        payment_method: 'transfer',
        payment: 'to_pay',
        sort: 'oldest',
      }),
    );
  });
});

describe('Ordini: invoices', () => {
  const privatoData = {
    requires_invoice: true,
    invoice_type: 'privato' as const,
    codice_fiscale: 'RSSMRA85T10A562S',
    ragione_sociale: null,
    piva: null,
    codice_fiscale_azienda: null,
    pec: null,
    sdi: null,
    invoice_issued: false,
    invoice_number: null,
    invoice_date: null,
  };
  const asked = { ...paid, invoice_data: privatoData };

  it('prefills the next number and today, requires both, shows a 409 and confirms for 3 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let answer: [number, unknown] = [409, { detail: 'Il numero fattura 7/2026 è già usato' }];
    // An order whose buyer data are complete: the dialog asks only for number and date.
    const calls = shop(
      {
        'GET /api/invoices/next-number': () => [
          200,
          { invoice_number: '7/2026', invoice_date: '2026-11-24' },
        ],
        [`PUT /orders/${paid.id}/invoice`]: () => answer,
      },
      [asked, transfer, shipped],
    );
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(paid.id), 'Fattura: ORD-3D4C5B6A'));
    const dialog = await screen.findByRole('dialog', { name: 'Fattura – ordine ORD-3D4C5B6A' });
    const number = within(dialog).getByLabelText('Numero fattura') as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('7/2026'));
    expect((within(dialog).getByLabelText('Data fattura') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    fireEvent.change(number, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Inserisci numero fattura e data');
    expect(sent(calls, 'PUT', `/orders/${paid.id}/invoice`)).toHaveLength(0);
    fireEvent.change(number, { target: { value: '7/2026' } });
    fireEvent.change(within(dialog).getByLabelText('Data fattura'), { target: { value: '2026-11-24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Il numero fattura 7/2026 è già usato',
    );
    answer = [200, { ...paid, invoice_data: null }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(await screen.findByText('Fattura 7/2026 salvata con successo!')).toBeTruthy();
    expect(sent(calls, 'PUT', `/orders/${paid.id}/invoice`).at(-1)!.body).toEqual({
      invoice_number: '7/2026',
      invoice_date: '2026-11-24',
    });
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByText('Fattura 7/2026 salvata con successo!')).not.toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Fattura 7/2026 salvata con successo!')).toBeNull();
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`)).toHaveLength(0);
  });

  /** Opens the invoice dialog of the first order of the list. */
  async function openInvoice(orderId: string) {
    fireEvent.click(rowAction(await rowOf(orderId), `Fattura: ${orderReference(orderId)}`));
    const dialog = await screen.findByRole('dialog', { name: `Fattura – ordine ${orderReference(orderId)}` });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Numero fattura') as HTMLInputElement).value).toBe('7/2026'),
    );
    return dialog;
  }

  it('asks a guest order without invoice data for the codice fiscale, saves it, then issues the invoice', async () => {
    let dataAnswer: [number, unknown] = [422, { detail: 'Codice fiscale non valido' }];
    const calls = shop({
      'GET /api/invoices/next-number': () => [200, { invoice_number: '7/2026', invoice_date: '2026-11-24' }],
      [`PUT /api/orders/${paid.id}/invoice-data`]: () => dataAnswer,
      [`PUT /orders/${paid.id}/invoice`]: () => [
        200,
        { ...asked, invoice_data: { ...privatoData, invoice_issued: true } },
      ],
    });
    renderAt('/gestione/ordini');
    const dialog = await openInvoice(paid.id);
    expect(within(dialog).queryByText(/sarà intestata con i dati dell'ordine/)).toBeNull();
    expect(within(dialog).getByText(/non ha dati di fatturazione/).textContent).toContain('Maria Rossi');
    expect((within(dialog).getByLabelText('Privato') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("Inserisci il codice fiscale dell'acquirente");
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Codice fiscale'), {
      target: { value: 'RSSMRA85T10A562X' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Codice fiscale non valido');
    expect(sent(calls, 'PUT', `/orders/${paid.id}/invoice`)).toHaveLength(0);

    dataAnswer = [200, asked];
    fireEvent.change(within(dialog).getByLabelText('Codice fiscale'), {
      target: { value: 'RSSMRA85T10A562S' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(await screen.findByText('Fattura 7/2026 salvata con successo!')).toBeTruthy();
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`).at(-1)!.body).toEqual({
      invoice_type: 'privato',
      codice_fiscale: 'RSSMRA85T10A562S',
      cap: null,
    });
    expect(sent(calls, 'PUT', `/orders/${paid.id}/invoice`).at(-1)!.body).toEqual({
      invoice_number: '7/2026',
      invoice_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('takes a company’s data (SDI or PEC), keeps them when the number is refused, and asks for a missing CAP', async () => {
    const noCap = { ...paid, customer_info: { ...paid.customer_info, zipCode: null } };
    const company = {
      ...privatoData,
      invoice_type: 'azienda' as const,
      codice_fiscale: null,
      ragione_sociale: 'Edicola Rossi srl',
      piva: '00159560366',
      codice_fiscale_azienda: '00159560366',
      pec: 'rossi@pec.example.it',
    };
    const calls = shop(
      {
        'GET /api/invoices/next-number': () => [
          200,
          { invoice_number: '7/2026', invoice_date: '2026-11-24' },
        ],
        [`PUT /api/orders/${paid.id}/invoice-data`]: () => [
          200,
          { ...paid, invoice_data: company, customer_info: { ...paid.customer_info, zipCode: '80134' } },
        ],
        [`PUT /orders/${paid.id}/invoice`]: () => [
          409,
          { detail: 'Il numero fattura 7/2026 è già stato usato' },
        ],
      },
      [noCap, transfer, shipped],
    );
    renderAt('/gestione/ordini');
    const dialog = await openInvoice(paid.id);
    fireEvent.click(within(dialog).getByLabelText('Azienda'));
    fireEvent.change(within(dialog).getByLabelText('Ragione sociale'), {
      target: { value: 'Edicola Rossi srl' },
    });
    fireEvent.change(within(dialog).getByLabelText('P.IVA'), { target: { value: '00159560366' } });
    fireEvent.change(within(dialog).getByLabelText("Codice fiscale dell'azienda"), {
      target: { value: '00159560366' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Inserisci il codice SDI o la PEC dell'azienda",
    );
    fireEvent.change(within(dialog).getByLabelText('PEC'), { target: { value: 'rossi@pec.example.it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Inserisci il CAP dell'indirizzo: serve per la fattura",
    );
    fireEvent.change(within(dialog).getByLabelText("CAP dell'indirizzo"), { target: { value: '80134' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Il numero fattura 7/2026 è già stato usato',
    );
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`).map((c) => c.body)).toEqual([
      {
        invoice_type: 'azienda',
        ragione_sociale: 'Edicola Rossi srl',
        piva: '00159560366',
        codice_fiscale_azienda: '00159560366',
        sdi: null,
        pec: 'rossi@pec.example.it',
        cap: '80134',
      },
    ]);
    // Saved: the dialog now shows the company and only asks for another number.
    expect(within(dialog).getByTestId('invoice-buyer').textContent).toContain('Edicola Rossi srl');
    expect(within(dialog).queryByLabelText('Ragione sociale')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Numero fattura'), { target: { value: '8/2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    await waitFor(() => expect(sent(calls, 'PUT', `/orders/${paid.id}/invoice`)).toHaveLength(2));
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`)).toHaveLength(1);
  });

  it('offers to correct the data of an order not yet invoiced', async () => {
    const calls = shop(
      {
        'GET /api/invoices/next-number': () => [
          200,
          { invoice_number: '7/2026', invoice_date: '2026-11-24' },
        ],
        [`PUT /api/orders/${paid.id}/invoice-data`]: () => [
          200,
          { ...asked, invoice_data: { ...privatoData, codice_fiscale: 'VRDGPP80A01F839W' } },
        ],
        [`PUT /orders/${paid.id}/invoice`]: () => [200, asked],
      },
      [asked, transfer, shipped],
    );
    renderAt('/gestione/ordini');
    const dialog = await openInvoice(paid.id);
    expect(within(dialog).getByTestId('invoice-buyer').textContent).toContain('RSSMRA85T10A562S');
    expect(within(dialog).queryByLabelText('Codice fiscale')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correggi dati' }));
    const cf = within(dialog).getByLabelText('Codice fiscale') as HTMLInputElement;
    expect(cf.value).toBe('RSSMRA85T10A562S');
    fireEvent.change(cf, { target: { value: 'VRDGPP80A01F839W' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva fattura' }));
    expect(await screen.findByText('Fattura 7/2026 salvata con successo!')).toBeTruthy();
    expect(sent(calls, 'PUT', `/api/orders/${paid.id}/invoice-data`)[0]!.body).toEqual({
      invoice_type: 'privato',
      codice_fiscale: 'VRDGPP80A01F839W',
      cap: null,
    });
  });
});

describe('Ordini: shipments and files', () => {
  it('creates a shipment from the chosen quote and keeps the feedback 5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = shop({
      [`GET /api/orders/${paid.id}/shipment-quotes`]: () => [
        200,
        {
          parcel: { weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10, estimated: true },
          quotes: [
            {
              service_id: 's-brt',
              carrier_name: 'BRT',
              service_name: 'Express',
              price: 8.5,
              transit_days: 2,
            },
            {
              service_id: 's-gls',
              carrier_name: 'GLS',
              service_name: 'Business',
              price: 7.9,
              transit_days: null,
            },
          ],
          demo: true,
        },
      ],
      [`POST /api/orders/${paid.id}/create-shipment`]: () => [
        201,
        { shipment_id: 'UN1', tracking_number: null, carrier_name: 'GLS', state: 'draft', demo: true },
      ],
    });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(paid.id), 'Crea spedizione: ORD-3D4C5B6A'));
    const dialog = await screen.findByRole('dialog', { name: 'Crea spedizione – ordine ORD-3D4C5B6A' });
    expect(await within(dialog).findByText('Pacco: 1,2 kg, 30×20×10 cm', { exact: false })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /2 giorni/ })).toBeTruthy();
    expect(within(dialog).getByText('DEMO')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea spedizione' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Scegli una tariffa');
    fireEvent.click(within(dialog).getByRole('radio', { name: /GLS Business/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea spedizione' }));
    const feedback = 'Spedizione creata con GLS: il tracking arriverà dal corriere';
    expect(await screen.findByText(feedback)).toBeTruthy();
    expect(sent(calls, 'POST', `/api/orders/${paid.id}/create-shipment`)[0]!.body).toEqual({
      service_id: 's-gls',
    });
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryByText(feedback)).not.toBeNull();
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.queryByText(feedback)).toBeNull();
  });

  it("shows the server's detail when the shipment cannot be created", async () => {
    shop({
      [`GET /api/orders/${paid.id}/shipment-quotes`]: () => [
        200,
        {
          parcel: { weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1, estimated: false },
          quotes: [{ service_id: 's', carrier_name: 'BRT', service_name: 'X', price: 5, transit_days: 1 }],
          demo: false,
        },
      ],
      [`POST /api/orders/${paid.id}/create-shipment`]: () => [502, { detail: 'Packlink non risponde' }],
    });
    renderAt('/gestione/ordini');
    fireEvent.click(rowAction(await rowOf(paid.id), 'Crea spedizione: ORD-3D4C5B6A'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /· 1 giorno$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea spedizione' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Errore nella creazione della spedizione',
    );
  });

  it('downloads a label with the bearer token and says when there is none', async () => {
    let label: [number, unknown] = [404, { detail: "Errore nel download dell'etichetta" }];
    const calls = shop({
      'GET /api/shipments/UN2026PRO0001/label': () => label,
    });
    renderAt('/gestione/ordini');
    const row = await rowOf(shipped.id);
    fireEvent.click(rowAction(row, 'Etichetta: ORD-5D6E7F80'));
    expect((await screen.findByRole('alert')).textContent).toContain("Errore nel download dell'etichetta");
    label = [
      200,
      fileAnswer('%PDF-1.7', {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="label-UN1.pdf"',
      }),
    ];
    fireEvent.click(rowAction(row, 'Etichetta: ORD-5D6E7F80'));
    await waitFor(() => expect(downloads).toEqual(['label-UN1.pdf']));
    expect(sent(calls, 'GET', '/api/shipments/UN2026PRO0001/label')[1]!.headers.Authorization).toBe(
      'Bearer tok-1',
    );
  });

  it('exports the CSV of the current filters, named by the server or by today', async () => {
    let csv: [number, unknown] = [200, fileAnswer('\uFEFFid;totale\n', { 'Content-Type': 'text/csv' })];
    const calls = shop({ 'GET /orders/export/csv': () => csv });
    renderAt('/gestione/ordini?stato=spediti&metodo=paypal&pagina=3');
    await screen.findAllByTestId('order-row', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export completato!')).toBeTruthy();
    expect(downloads[0]).toMatch(/^ordini-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Object.fromEntries(sent(calls, 'GET', '/orders/export/csv')[0]!.query)).toEqual({
      tab: 'shipped',
      payment_method: 'paypal',
      sort: 'newest',
    });
    csv = [
      200,
      fileAnswer('x', { 'Content-Disposition': "attachment; filename*=UTF-8''ordini-2026-11-24.csv" }),
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads[1]).toBe('ordini-2026-11-24.csv'));
    csv = [500, { detail: 'x' }];
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Errore nell'export degli ordini");
  });

  it("exports a month's takings", async () => {
    const calls = shop({
      'GET /api/exports/takings.csv': () => [200, fileAnswer('x', { 'Content-Type': 'text/csv' })],
    });
    renderAt('/gestione/ordini');
    await screen.findAllByTestId('order-row', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Mese'), { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scarica incassi' }));
    await waitFor(() => expect(downloads).toEqual(['incassi-2026-10.csv']));
    expect(sent(calls, 'GET', '/api/exports/takings.csv')[0]!.query.get('month')).toBe('2026-10');
  });
});

describe('Ordini: the order page', () => {
  const detail: OrderDetail = {
    ...paid,
    payment_status: 'partially_refunded',
    refunded_amount: 49.9,
    invoice_data: {
      requires_invoice: true,
      invoice_type: 'azienda',
      codice_fiscale: null,
      ragione_sociale: 'Edicola Rossi srl',
      piva: '01234567890',
      codice_fiscale_azienda: '01234567890',
      pec: null,
      sdi: 'ABC1234',
      invoice_issued: true,
      invoice_number: '3/2026',
      invoice_date: '2026-11-21',
    },
    status_history: [],
    credit_notes: [],
    shipment: {
      state: 'ready',
      packlink_reference: 'UN2026PRO0001',
      carrier_name: 'BRT',
      service_name: 'Espresso',
      price: 8.5,
      tracking_number: 'TRK1',
      tracking_url: null,
      demo: true,
      error: null,
      created_at: '2026-11-22T10:00:00.000Z',
    },
  };

  it('shows lines, totals, payment, invoice files and the timeline with the e-mails, and adds a note', async () => {
    const calls = shop({
      [`GET /api/orders/${paid.id}`]: () => [
        200,
        { ...detail, credit_notes: [{ number: '1/2026', date: '2026-11-22', amount: 49.9, reason: 'Reso' }] },
      ],
      [`GET /api/orders/${paid.id}/timeline`]: () => [
        200,
        {
          entries: [
            { at: '2026-11-20T10:00:00.000Z', kind: 'created', summary: 'Ordine creato', by: null, data: {} },
            {
              at: '2026-11-21T09:00:00.000Z',
              kind: 'status',
              summary: 'Pagato → Confermato',
              by: 'gennaro',
              data: {},
            },
          ],
        },
      ],
      'GET /api/admin/emails': () => [
        200,
        [
          {
            id: 'e1',
            kind: 'order_confirmation',
            order_id: paid.id,
            recipient: 'maria@example.it',
            subject: 'Ordine ricevuto',
            language: 'it',
            status: 'sent',
            attempts: 1,
            last_error: null,
            created_at: '2026-11-20T10:00:05.000Z',
            sent_at: '2026-11-20T10:00:06.000Z',
          },
        ],
      ],
      [`POST /api/orders/${paid.id}/notes`]: () => [
        201,
        {
          at: '2026-11-24T10:00:00.000Z',
          kind: 'note',
          summary: 'Cliente avvisato',
          by: 'gennaro',
          data: {},
        },
      ],
      [`GET /api/orders/${paid.id}/invoice.xml`]: () => [
        200,
        fileAnswer('<xml/>', { 'Content-Type': 'application/xml' }),
      ],
      [`GET /api/orders/${paid.id}/credit-notes/1-2026.pdf`]: () => [
        200,
        fileAnswer('%PDF', { 'Content-Type': 'application/pdf' }),
      ],
      [`GET /api/orders/${paid.id}/credit-notes/1-2026.xml`]: () => [
        404,
        { detail: 'Nota di credito non trovata' },
      ],
    });
    renderAt(`/gestione/ordini/${paid.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Ordine ORD-3D4C5B6A' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Ferrari 312T', { exact: false }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('22%')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toMatch(/^108,80\s€$/);
    expect(screen.getByTestId('refunded-amount').textContent).toMatch(/^49,90\s€ Rimborsato 49,90\s€$/);
    expect(screen.getByText('pi_123')).toBeTruthy();
    expect(screen.getByTestId('invoice-state').textContent).toContain('3/2026');
    expect(screen.getByTestId('shipment-state').textContent).toBe('pronta (etichetta disponibile)');
    const timeline = await screen.findByTestId('timeline', {}, { timeout: 5000 });
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(3));
    const lines = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[1]).toContain('Ordine ricevuto → maria@example.it (inviata)');
    expect(lines[2]).toContain('gennaro');

    fireEvent.click(screen.getByRole('button', { name: 'Fattura XML (FatturaPA)' }));
    await waitFor(() => expect(downloads).toEqual(['fattura-3-2026.xml']));
    // A credit note's number travels as 1-2026 (the gateway refuses an encoded slash); the file keeps its name.
    fireEvent.click(screen.getByRole('button', { name: 'Nota di credito 1/2026 PDF' }));
    await waitFor(() => expect(downloads).toEqual(['fattura-3-2026.xml', 'nota-di-credito-1-2026.pdf']));
    expect(sent(calls, 'GET', `/api/orders/${paid.id}/credit-notes/1-2026.pdf`)).toHaveLength(1);
    // A failed download says so next to its own button.
    const xmlButton = screen.getByRole('button', { name: 'Nota di credito 1/2026 XML (FatturaPA)' });
    fireEvent.click(xmlButton);
    const failed = await screen.findByText('Nota di credito non trovata');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(xmlButton.nextElementSibling).toBe(failed);
    expect(xmlButton.getAttribute('aria-describedby')).toBe(failed.id);

    const add = screen.getByRole('button', { name: 'Aggiungi nota' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nota interna (non visibile al cliente)'), {
      target: { value: 'Cliente avvisato' },
    });
    fireEvent.click(add);
    await waitFor(() => expect(sent(calls, 'POST', `/api/orders/${paid.id}/notes`)).toHaveLength(1));
    expect(sent(calls, 'POST', `/api/orders/${paid.id}/notes`)[0]!.body).toEqual({
      text: 'Cliente avvisato',
    });
    expect(sent(calls, 'GET', '/api/admin/emails')[0]!.query.get('order_id')).toBe(paid.id);
  });

  it('still shows the timeline when the notifications service is down', async () => {
    shop({
      [`GET /api/orders/${paid.id}`]: () => [200, detail],
      [`GET /api/orders/${paid.id}/timeline`]: () => [
        200,
        {
          entries: [
            { at: '2026-11-20T10:00:00.000Z', kind: 'created', summary: 'Ordine creato', by: null, data: {} },
          ],
        },
      ],
      'GET /api/admin/emails': () => [503, { detail: 'giù' }],
    });
    renderAt(`/gestione/ordini/${paid.id}`);
    const timeline = await screen.findByTestId('timeline', {}, { timeout: 5000 });
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows the discount code the order used and what it took off (docs/product/cart-and-checkout.md#discount-codes)', async () => {
    shop({
      [`GET /api/orders/${paid.id}`]: () => [
        200,
        { ...detail, discount_code: 'ESTATE10', discount_amount: 9.98, total_amount: 98.82 },
      ],
      [`GET /api/orders/${paid.id}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, { emails: [] }],
    });
    renderAt(`/gestione/ordini/${paid.id}`);
    const discount = await screen.findByTestId('order-discount', {}, { timeout: 5000 });
    expect(discount.textContent).toMatch(/^−9,98\s€$/);
    expect(screen.getByText('Sconto (ESTATE10)')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toMatch(/^98,82\s€$/);
  });

  it('refunds chosen lines with a reason, restock and an Idempotency-Key', async () => {
    const calls = shop({
      [`GET /api/orders/${paid.id}`]: () => [200, { ...detail, refunded_amount: 0, payment_status: 'paid' }],
      [`GET /api/orders/${paid.id}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, []],
      [`POST /api/orders/${paid.id}/refunds`]: () => [202, { ...paid, payment_status: 'refunding' }],
    });
    renderAt(`/gestione/ordini/${paid.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Rimborso parziale' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborso parziale – ordine ORD-3D4C5B6A' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Il motivo del rimborso è obbligatorio');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Scatola rovinata' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Indica le righe da rimborsare oppure un importo',
    );
    fireEvent.change(within(dialog).getByLabelText(/Ferrari 312T \(max 2/), { target: { value: '1' } });
    expect(dialog.textContent).toMatch(/Da rimborsare: 49,90\s€/);
    fireEvent.click(within(dialog).getByLabelText('Rimetti in magazzino le unità rimborsate'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(await screen.findByText(/Rimborso richiesto/)).toBeTruthy();
    const post = sent(calls, 'POST', `/api/orders/${paid.id}/refunds`)[0]!;
    expect(post.body).toEqual({
      lines: [{ article_id: 'a1', quantity: 1 }],
      reason: 'Scatola rovinata',
      restock: true,
    });
    expect(post.headers['Idempotency-Key']).toMatch(/.{8,}/);
  });
});
