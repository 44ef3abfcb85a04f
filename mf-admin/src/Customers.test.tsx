import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerAdminDetail, CustomerListPage, CustomerListRow } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sent, staffApi, type Handlers } from './testFixtures';

const annaId = '0b9a4c3e-1f2d-4e5a-8b7c-6d5e4f3a2b1c';
const anna: CustomerListRow = {
  kind: 'registered',
  id: annaId,
  name: 'Anna Espòsito',
  company: null,
  email: 'anna@example.it',
  city: 'Napoli',
  order_count: 4,
  spent_cents: 7000,
  last_order_at: '2026-03-04T10:00:00.000Z',
};
const luca: CustomerListRow = {
  kind: 'guest',
  id: null,
  name: 'Luca Bianchi',
  company: null,
  email: 'luca@example.it',
  city: 'Salerno',
  order_count: 2,
  spent_cents: 2000,
  last_order_at: '2026-04-05T10:00:00.000Z',
};
const page = (customers: CustomerListRow[], total = customers.length, n = 1): CustomerListPage => ({
  customers,
  total,
  page: n,
  page_size: 25,
});
const orderId = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const annaDetail: CustomerAdminDetail = {
  kind: 'registered',
  id: annaId,
  email: 'anna@example.it',
  name: 'Anna Espòsito',
  telefono: '+39 081 555 1234',
  tipo_cliente: 'privato',
  dati_privato: { nome: 'Anna', cognome: 'Espòsito', codice_fiscale: 'RSSMRA85T10A562S' },
  dati_azienda: null,
  indirizzo: { street: 'Via Toledo 256', city: 'Napoli', province: 'NA', cap: '80132' },
  notes: null,
  registered_at: '2026-01-10T10:00:00.000Z',
  totals: { order_count: 1, spent_cents: 2000, last_order_at: '2026-03-02T10:00:00.000Z' },
  orders: [
    {
      id: orderId,
      reference: 'ORD-2D1C',
      created_at: '2026-03-02T10:00:00.000Z',
      channel: 'web',
      status: 'delivered',
      payment_status: 'partially_refunded',
      total_cents: 3000,
      refunded_cents: 1000,
    },
  ],
};

const listCalls = (calls: Parameters<typeof sent>[0]) => sent(calls, 'GET', '/api/admin/customers');
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('Clienti: the list', () => {
  const shop = (answer: (q: URLSearchParams) => CustomerListPage, extra: Handlers = {}) =>
    staffApi({ 'GET /api/admin/customers': ({ query }) => [200, answer(query)], ...extra });

  it('is a tab of the back office and lists accounts and guests, each linking to its page', async () => {
    shop(() => page([luca, anna]));
    renderAdminAt('/gestione/clienti');
    const rows = await screen.findAllByTestId('customer-row', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Clienti' }).getAttribute('aria-current')).toBe('page');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ospite')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Luca Bianchi' }).getAttribute('href')).toBe(
      '/gestione/clienti/ospite?email=luca%40example.it',
    );
    expect(within(rows[1]!).queryByText('Ospite')).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'Anna Espòsito' }).getAttribute('href')).toBe(
      `/gestione/clienti/${annaId}`,
    );
    expect(rows[1]!.textContent).toMatch(/70,00/);
  });

  it('searches as one types, once typing stops, and keeps the search in the address', async () => {
    const calls = shop((q) => page(q.get('q') ? [anna] : [luca, anna]));
    renderAdminAt('/gestione/clienti');
    await screen.findAllByTestId('customer-row', {}, { timeout: 5000 });
    const box = screen.getByLabelText(/Cerca per nome/);
    fireEvent.change(box, { target: { value: 'e' } });
    fireEvent.change(box, { target: { value: 'es' } });
    fireEvent.change(box, { target: { value: 'espo' } });
    await waitFor(() => expect(location()).toBe('/gestione/clienti?q=espo'));
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(1));
    expect(listCalls(calls).map((c) => c.query.get('q'))).toEqual([null, 'espo']);
  });

  it('reads the search and page of the address, and pages', async () => {
    const calls = shop((q) => page([anna], 60, Number(q.get('page'))));
    renderAdminAt('/gestione/clienti?q=napoli&pagina=2');
    await screen.findAllByTestId('customer-row', {}, { timeout: 5000 });
    expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toEqual({
      q: 'napoli',
      page: '2',
      page_size: '25',
    });
    expect((screen.getByLabelText(/Cerca per nome/) as HTMLInputElement).value).toBe('napoli');
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(location()).toBe('/gestione/clienti?q=napoli&pagina=3'));
  });

  it('says when no customer matches', async () => {
    shop(() => page([]));
    renderAdminAt('/gestione/clienti?q=zzz');
    expect((await screen.findByTestId('customers-empty', {}, { timeout: 5000 })).textContent).toContain(
      'Nessun cliente corrisponde a «zzz».',
    );
  });

  it('is not offered to a cashier', async () => {
    staffApi({}, { role: 'cashier' });
    renderAdminAt('/gestione/clienti');
    await waitFor(() => expect(location()).toBe('/gestione/cassa'), { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Clienti' })).toBeNull();
  });
});

describe('Clienti: a customer’s page', () => {
  it('shows the account, its invoice data, totals and orders linking to the order page', async () => {
    staffApi({ [`GET /api/admin/customers/${annaId}`]: () => [200, annaDetail] });
    renderAdminAt(`/gestione/clienti/${annaId}`);
    expect(await screen.findByRole('heading', { name: 'Anna Espòsito' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('RSSMRA85T10A562S')).toBeTruthy();
    expect(screen.getByText('Via Toledo 256, 80132 Napoli NA')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ORD-2D1C' }).getAttribute('href')).toBe(
      `/gestione/ordini/${orderId}`,
    );
    expect(screen.getByTestId('customer-notes').textContent).toContain('Nessuna nota');
  });

  it('shows a guest by e-mail, without anything to edit', async () => {
    const calls = staffApi({
      'GET /api/admin/customers/guest': () => [
        200,
        {
          ...annaDetail,
          kind: 'guest',
          id: null,
          dati_privato: null,
          registered_at: null,
          name: 'Luca Bianchi',
        },
      ],
    });
    renderAdminAt('/gestione/clienti/ospite?email=luca%40example.it');
    expect(await screen.findByText(/Cliente senza account/, {}, { timeout: 5000 })).toBeTruthy();
    expect(sent(calls, 'GET', '/api/admin/customers/guest')[0]!.query.get('email')).toBe('luca@example.it');
    expect(screen.queryByRole('button', { name: 'Modifica dati e note' })).toBeNull();
  });

  it('names what is wrong beside each field, shows the server’s refusal, then saves corrections and notes', async () => {
    let refuse = true;
    const calls = staffApi({
      [`GET /api/admin/customers/${annaId}`]: () => [200, annaDetail],
      [`PUT /api/admin/customers/${annaId}`]: ({ body }) =>
        refuse
          ? [404, { detail: 'Cliente non trovato' }]
          : [200, { ...annaDetail, notes: (body as { notes: string }).notes }],
    });
    renderAdminAt(`/gestione/clienti/${annaId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica dati e note' }, { timeout: 5000 }));
    // The form opens with the focus on its first field.
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
    const cognome = screen.getByLabelText('Cognome');
    fireEvent.change(cognome, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Compila i campi obbligatori');
    expect(cognome.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cognome);
    expect(sent(calls, 'PUT', `/api/admin/customers/${annaId}`)).toHaveLength(0);

    fireEvent.change(cognome, { target: { value: 'Esposito' } });
    const cf = screen.getByLabelText('Codice fiscale');
    fireEvent.change(cf, { target: { value: 'XX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    // The contract's own check, before anything is sent.
    await waitFor(() => expect(cf.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(cf.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Codice fiscale non valido',
    );
    expect(cognome.getAttribute('aria-invalid')).toBeNull();
    expect(sent(calls, 'PUT', `/api/admin/customers/${annaId}`)).toHaveLength(0);

    fireEvent.change(cf, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Note interne'), { target: { value: 'Colleziona Panini' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect((await screen.findByText('Cliente non trovato')).getAttribute('role')).toBe('alert');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(screen.getByTestId('customer-notes').textContent).toContain('Colleziona Panini'),
    );
    expect(sent(calls, 'PUT', `/api/admin/customers/${annaId}`).at(-1)!.body).toEqual({
      dati_privato: { nome: 'Anna', cognome: 'Esposito', codice_fiscale: null },
      indirizzo: { street: 'Via Toledo 256', city: 'Napoli', province: 'NA', cap: '80132' },
      notes: 'Colleziona Panini',
    });
    expect(screen.getByText('Dati del cliente salvati')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Modifica dati e note' })),
    );
  });
});

// docs/product/account.md#data-export, docs/product/account.md#erasure
describe('Clienti: an admin answers a request about a customer’s data', () => {
  it('offers export and erasure to an admin only', async () => {
    staffApi({ [`GET /api/admin/customers/${annaId}`]: () => [200, annaDetail] });
    renderAdminAt(`/gestione/clienti/${annaId}`);
    await screen.findByRole('heading', { name: 'Anna Espòsito' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Esporta dati' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancella i dati' })).toBeNull();
  });

  it('erases the customer after the confirmation that says what the law keeps, then goes back to the list', async () => {
    const calls = staffApi(
      {
        [`GET /api/admin/customers/${annaId}`]: () => [200, annaDetail],
        [`DELETE /api/admin/customers/${annaId}`]: () => [204, null],
        'GET /api/admin/customers': () => [200, page([luca])],
      },
      { role: 'admin' },
    );
    renderAdminAt(`/gestione/clienti/${annaId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancella i dati' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancellare i dati del cliente?' });
    expect(within(dialog).getByText(/art\. 2220 c\.c\./)).toBeTruthy();
    expect(sent(calls, 'DELETE', `/api/admin/customers/${annaId}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancella i dati' }));
    await waitFor(() => expect(location()).toBe('/gestione/clienti'));
    expect(sent(calls, 'DELETE', `/api/admin/customers/${annaId}`)).toHaveLength(1);
  });
});
