import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import AccountMenu from '../ui/AccountMenu';
import AccountPages from './AccountPages';
import { forgetAccounts } from '../session';
import { initTestI18n, jsonResponse } from '../testSupport';

const API = 'http://api.test:8080';
const config: RuntimeConfig = {
  apiBaseUrl: API,
  mediaBaseUrl: API,
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const mario = {
  customer_id: 'c-1',
  email: 'mario.rossi@example.it',
  telefono: '+39 081 123 4567',
  tipo_cliente: 'privato',
  dati_privato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
  dati_azienda: null,
  indirizzo: { street: 'Via Toledo 1', city: 'Napoli', province: 'NA', cap: '80134' },
};

const company = {
  ...mario,
  customer_id: 'c-2',
  email: 'ordini@partenopeo.example.it',
  tipo_cliente: 'azienda',
  dati_privato: null,
  dati_azienda: {
    ragione_sociale: 'Modellismo Partenopeo S.r.l.',
    piva: '01114601006',
    codice_fiscale_azienda: '01114601006',
    pec: 'amministrazione@pec.example.it',
    sdi: 'ABC1234',
    referente: null,
  },
};

const orders = [
  {
    id: '9f1c2d3e-aaaa-bbbb-cccc-0123456789ab',
    created_at: '2025-10-03T09:15:00.000Z',
    order_date: '2025-10-03T09:15:00.000Z',
    status: 'shipped',
    payment_method: 'card',
    payment_status: 'refunded',
    items: [
      { article_id: 'a1', title: 'Ferrari SF-23 1:18', quantity: 2 },
      { article_id: 'a2', title: null, quantity: 1 },
    ],
    total_amount: 12345.5,
    tracking_number: 'TRK123IT',
    packlink_data: { tracking_number: 'TRK123IT', carrier_name: 'BRT' },
  },
  {
    id: '0a0b0c0d-1111-2222-3333-444455556666',
    created_at: '2025-09-01T09:15:00.000Z',
    order_date: '2025-09-01T09:15:00.000Z',
    status: 'pending',
    payment_method: 'transfer',
    items: [{ article_id: 'a3', title: 'Bustina Panini', quantity: 1 }],
    total_amount: 24.59,
    tracking_number: null,
    packlink_data: null,
  },
];

type Handler = (init?: RequestInit) => [number, unknown];

/** Answers fetch by "METHOD url"; anything else fails the test. */
function serve(handlers: Record<string, Handler>) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${url}`);
    const [status, body] = handler(init);
    return jsonResponse(status, body);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const profileOf =
  (customer: unknown, token = 'tok-mario'): Handler =>
  (init) => {
    const auth = (init?.headers as Record<string, string>)?.Authorization;
    return auth === `Bearer ${token}` ? [200, customer] : [401, { detail: 'Token non valido' }];
  };

function Location() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

const ACCOUNT_PATHS = [
  '/registrati',
  '/accedi',
  '/profilo',
  '/ordini/storico',
  '/ordini/:id',
  '/password-dimenticata',
  '/reimposta-password',
];

/** The shell in miniature: the header's menu, the account routes, anything else a stand-in home page. */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <header>
          <AccountMenu config={config} />
        </header>
        <main>
          <Routes>
            {ACCOUNT_PATHS.map((p) => (
              <Route key={p} path={p} element={<AccountPages config={config} />} />
            ))}
            <Route path="*" element={<h1>Home</h1>} />
          </Routes>
        </main>
        <Location />
      </MemoryRouter>,
    );
  });
}

const location = () => screen.getByTestId('location').textContent;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

function fillCommon() {
  type(/^Email/, 'mario.rossi@example.it');
  type(/^Password/, 'segreta1');
  type(/^Conferma password/, 'segreta1');
  type(/^Telefono/, '+39 081 123 4567');
  type(/^Indirizzo/, 'Via Toledo 1');
  type(/^Città/, 'Napoli');
  type(/^Provincia/, 'na');
  type(/^CAP/, '80134');
}

function fillPrivate() {
  fillCommon();
  type(/^Nome/, 'Mario');
  type(/^Cognome/, 'Rossi');
}

beforeAll(() => initTestI18n());
beforeEach(() => {
  localStorage.clear();
  forgetAccounts();
});

describe('/registrati', () => {
  it('sends a logged-in customer on to /profilo instead of showing the form', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
    });
    await renderAt('/registrati');
    await waitFor(() => expect(location()).toBe('/profilo'));
  });

  it('registers a private customer and sends them to /accedi with the success message', async () => {
    let sent: unknown;
    serve({
      [`POST ${API}/api/customers/register`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return [201, mario];
      },
    });
    await renderAt('/registrati');
    expect(screen.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeTruthy();
    fillPrivate();
    expect((screen.getByLabelText(/^Provincia/) as HTMLInputElement).value).toBe('NA');
    await submit('Registrati');

    expect(sent).toEqual({
      email: 'mario.rossi@example.it',
      password: 'segreta1',
      telefono: '+39 081 123 4567',
      street: 'Via Toledo 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80134',
      tipo_cliente: 'privato',
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: null,
    });
    expect(location()).toBe('/accedi');
    expect(screen.getByRole('status').textContent).toBe('Registrazione completata! Ora puoi accedere.');
  });

  it('registers a company with its own required fields', async () => {
    let sent: Record<string, unknown> = {};
    serve({
      [`POST ${API}/api/customers/register`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return [201, company];
      },
    });
    await renderAt('/registrati');
    fireEvent.click(screen.getByLabelText('Azienda'));
    expect(screen.queryByLabelText(/^Nome/)).toBeNull();
    await submit('Registrati');
    for (const label of [/^Ragione sociale/, /^Partita IVA/, /^Codice fiscale dell'azienda/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByLabelText(/^PEC/).getAttribute('aria-invalid')).toBeNull();

    fillCommon();
    type(/^Ragione sociale/, 'Modellismo Partenopeo S.r.l.');
    type(/^Partita IVA/, '01114601006');
    type(/^Codice fiscale dell'azienda/, '01114601006');
    type(/^Codice SDI/, 'abc1234');
    await submit('Registrati');
    expect(sent).toMatchObject({
      tipo_cliente: 'azienda',
      ragione_sociale: 'Modellismo Partenopeo S.r.l.',
      piva: '01114601006',
      codice_fiscale_azienda: '01114601006',
      pec: null,
      sdi: 'ABC1234',
      referente: null,
    });
    expect(sent).not.toHaveProperty('nome');
    expect(location()).toBe('/accedi');
  });

  it('refuses mismatched and short passwords without calling the API, focusing the first error', async () => {
    const fetchMock = serve({});
    await renderAt('/registrati');
    fillPrivate();
    type(/^Conferma password/, 'segreta2');
    await submit('Registrati');
    const confirm = screen.getByLabelText(/^Conferma password/);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    const describedBy = confirm.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('Le password non coincidono');
    expect(document.activeElement).toBe(confirm);

    type(/^Password/, '12345');
    type(/^Conferma password/, '12345');
    await submit('Registrati');
    expect(screen.getByText('La password deve essere di almeno 6 caratteri')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's detail, else 'Errore durante la registrazione'", async () => {
    let answer: [number, unknown] = [409, { detail: 'Email già registrata' }];
    serve({ [`POST ${API}/api/customers/register`]: () => answer });
    await renderAt('/registrati');
    fillPrivate();
    await submit('Registrati');
    expect(screen.getByRole('alert').textContent).toBe('Email già registrata');

    answer = [500, {}];
    await submit('Registrati');
    expect(screen.getByRole('alert').textContent).toBe('Errore durante la registrazione');
    expect(location()).toBe('/registrati');
  });

  it('says what the data is for and links the privacy policy next to the submit button (docs/product/storefront.md#privacy)', async () => {
    serve({});
    await renderAt('/registrati');
    const notice = screen.getByTestId('privacy-notice');
    expect(notice.textContent).toContain(
      'Useremo i tuoi dati solo per gestire il tuo account e i tuoi ordini.',
    );
    const link = within(notice).getByRole('link', { name: /Leggi l'informativa sulla privacy/ });
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(notice.nextElementSibling).toBe(screen.getByRole('button', { name: 'Registrati' }));
  });
});

describe('/accedi', () => {
  it('requires both fields', async () => {
    const fetchMock = serve({});
    await renderAt('/accedi');
    await submit('Accedi');
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs in, stores customer_token and opens /profilo; errors show the detail or 'Errore di login'", async () => {
    let login: [number, unknown] = [401, { detail: 'Email o password non corretti' }];
    serve({
      [`POST ${API}/api/customers/login`]: () => login,
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
    });
    await renderAt('/accedi');
    type(/^Email/, 'mario.rossi@example.it');
    type(/^Password/, 'sbagliata');
    await submit('Accedi');
    expect(screen.getByRole('alert').textContent).toBe('Email o password non corretti');

    login = [503, {}];
    await submit('Accedi');
    expect(screen.getByRole('alert').textContent).toBe('Errore di login');
    expect(localStorage.getItem('customer_token')).toBeNull();

    login = [
      200,
      {
        access_token: 'tok-mario',
        token_type: 'bearer',
        customer_id: 'c-1',
        email: mario.email,
        tipo_cliente: 'privato',
      },
    ];
    await submit('Accedi');
    await waitFor(() => expect(location()).toBe('/profilo'));
    expect(localStorage.getItem('customer_token')).toBe('tok-mario');
    expect(await screen.findByTestId('profile-name')).toBeTruthy();
    expect(screen.getByTestId('account-name').textContent).toBe('Mario');
  });

  it('sends a logged-in customer on to /profilo', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
    });
    await renderAt('/accedi');
    await waitFor(() => expect(location()).toBe('/profilo'));
  });
});

// docs/product/account.md#password-reset
describe('a forgotten password', () => {
  it("/accedi links the request page, which says the same whatever the address and shows the server's 429", async () => {
    let answer: [number, unknown] = [202, { accepted: true }];
    const fetchMock = serve({ [`POST ${API}/api/customers/password-reset`]: () => answer });
    await renderAt('/accedi');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' })));
    expect(location()).toBe('/password-dimenticata');

    await submit('Inviami il link');
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    type(/^Email/, 'non-una-email');
    await submit('Inviami il link');
    expect(screen.getByText('Inserisci un indirizzo email valido')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    answer = [429, { detail: 'Troppe richieste da questo indirizzo: riprova più tardi' }];
    type(/^Email/, ' mario.rossi@example.it ');
    await submit('Inviami il link');
    expect(screen.getByRole('alert').textContent).toBe(
      'Troppe richieste da questo indirizzo: riprova più tardi',
    );

    answer = [202, { accepted: true }];
    await submit('Inviami il link');
    expect(screen.getByRole('status').textContent).toMatch(/^Se l'indirizzo appartiene a un account/);
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({
      email: 'mario.rossi@example.it',
      language: 'it',
    });
  });

  it('sets the new password typed twice, shown on request, and sends a customer to /accedi', async () => {
    let answer: [number, unknown] = [410, { detail: 'Questo link è scaduto' }];
    const fetchMock = serve({ [`POST ${API}/api/customers/password-reset/confirm`]: () => answer });
    await renderAt('/reimposta-password?token=tok-1');
    type(/^Nuova password/, 'corta');
    type(/^Conferma nuova password/, 'diversa');
    await submit('Salva la nuova password');
    expect(screen.getByText('La password deve essere di almeno 6 caratteri')).toBeTruthy();
    expect(screen.getByText('Le password non coincidono')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Nuova password/));
    expect(fetchMock).not.toHaveBeenCalled();

    expect(screen.getByLabelText(/^Nuova password/).getAttribute('type')).toBe('password');
    await submit('Mostra password');
    expect(screen.getByLabelText(/^Nuova password/).getAttribute('type')).toBe('text');
    expect(screen.getByLabelText(/^Conferma nuova password/).getAttribute('type')).toBe('text');
    await submit('Nascondi password');
    expect(screen.getByLabelText(/^Nuova password/).getAttribute('type')).toBe('password');

    type(/^Nuova password/, 'Vesuvio-2026');
    type(/^Conferma nuova password/, 'Vesuvio-2026');
    await submit('Salva la nuova password');
    expect(screen.getByRole('alert').textContent).toBe('Questo link è scaduto');
    expect(screen.getByRole('link', { name: 'Chiedi un nuovo link' }).getAttribute('href')).toBe(
      '/password-dimenticata',
    );

    answer = [200, { account: 'customer' }];
    await submit('Salva la nuova password');
    await waitFor(() => expect(location()).toBe('/accedi'));
    expect(screen.getByRole('status').textContent).toBe(
      'Password reimpostata: accedi con la nuova password.',
    );
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({
      token: 'tok-1',
      password: 'Vesuvio-2026',
    });
  });

  it("sends a staff user to the back office's sign-in, and explains a link without its token", async () => {
    serve({ [`POST ${API}/api/customers/password-reset/confirm`]: () => [200, { account: 'staff' }] });
    await renderAt('/reimposta-password?token=tok-2');
    type(/^Nuova password/, 'Vesuvio-2026');
    type(/^Conferma nuova password/, 'Vesuvio-2026');
    await submit('Salva la nuova password');
    expect(screen.getByRole('link', { name: "Vai all'accesso del gestionale" }).getAttribute('href')).toBe(
      '/gestione',
    );
    cleanup();

    await renderAt('/reimposta-password');
    expect(screen.getByRole('alert').textContent).toMatch(/^Il link non è completo/);
    expect(screen.queryByLabelText(/^Nuova password/)).toBeNull();
  });
});

describe('/profilo', () => {
  it('sends a visitor without a token to /accedi', async () => {
    serve({});
    await renderAt('/profilo');
    expect(location()).toBe('/accedi');
  });

  it('removes an invalid or expired token and logs the visitor out', async () => {
    localStorage.setItem('customer_token', 'expired');
    serve({ [`GET ${API}/api/customers/profile`]: profileOf(mario) });
    await renderAt('/profilo');
    await waitFor(() => expect(location()).toBe('/accedi'));
    expect(localStorage.getItem('customer_token')).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Il mio account' });
    expect(within(menu).getByRole('link', { name: 'Registrati' })).toBeTruthy();
  });

  it('shows the customer, the account info and the orders', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, orders],
    });
    await renderAt('/profilo');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Mario Rossi');
    const info = screen.getByRole('region', { name: 'Informazioni account' });
    expect(within(info).getByText('Privato')).toBeTruthy();
    expect(within(info).getByText('mario.rossi@example.it')).toBeTruthy();
    expect(within(info).getByText('Via Toledo 1, 80134 Napoli (NA)')).toBeTruthy();
    expect(within(info).queryByText('Partita IVA')).toBeNull();

    const cards = await screen.findAllByTestId('customer-order');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    // The one reference of every customer-facing place, linking the order's page.
    expect(first.getByRole('link', { name: 'Ordine ORD-456789AB' }).getAttribute('href')).toBe(
      '/ordini/9f1c2d3e-aaaa-bbbb-cccc-0123456789ab',
    );
    expect(first.getByText('Spedito')).toBeTruthy();
    expect(first.getByText('3 ottobre 2025')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('12.345,50 €')).toBeTruthy();
    expect(first.getByText('TRK123IT (BRT)')).toBeTruthy();
    expect(first.getByText('Pagamento')).toBeTruthy();
    expect(first.getByText('Rimborsato')).toBeTruthy();
    const second = within(cards[1]!);
    expect(second.getByText('In Attesa')).toBeTruthy();
    expect(second.getByText('24,59 €')).toBeTruthy();
    expect(second.queryByText('Tracking')).toBeNull();
    // An answer without payment_status (an older svc-orders) shows no payment line.
    expect(second.queryByText('Pagamento')).toBeNull();
    expect(second.queryByTestId('invoice-download')).toBeNull();
  });

  it('downloads the invoice PDF of an order whose invoice is issued, with the customer token', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    const invoiced = [
      { ...orders[0]!, invoice_number: '12/2025' },
      { ...orders[1]!, invoice_number: null },
    ];
    const pdfUrl = `${API}/api/customers/orders/${orders[0]!.id}/invoice.pdf`;
    let pdfAnswer: Response = {
      ok: true,
      status: 200,
      blob: async () => new Blob(['%PDF-1.3'], { type: 'application/pdf' }),
      headers: { get: () => 'application/pdf' } as unknown as Headers,
    } as Response;
    const served = serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, invoiced],
    });
    // The PDF is bytes, not JSON: its answer is made here.
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) =>
      url === pdfUrl ? pdfAnswer : served(url, init),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const createObjectURL = jest.fn(() => 'blob:fattura');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await renderAt('/profilo');
      const cards = await screen.findAllByTestId('customer-order');
      expect(within(cards[1]!).queryByTestId('invoice-download')).toBeNull();
      fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Scarica fattura 12/2025' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const call = fetchMock.mock.calls.find(([url]) => url === pdfUrl)!;
      expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok-mario');
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('fattura-12-2025.pdf');

      pdfAnswer = jsonResponse(404, { detail: 'La fattura di questo ordine non è stata emessa' });
      fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Scarica fattura 12/2025' }));
      expect((await within(cards[0]!).findByRole('alert')).textContent).toBe(
        'Errore nel download della fattura',
      );
    } finally {
      click.mockRestore();
    }
  });

  it('shows a company: its name, VAT number and PEC; the menu cuts the name at 15 characters', async () => {
    localStorage.setItem('customer_token', 'tok-company');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(company, 'tok-company'),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
    });
    await renderAt('/profilo');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Modellismo Partenopeo S.r.l.');
    expect(screen.getByTestId('account-name').textContent).toBe('Modellismo Part');
    const info = screen.getByRole('region', { name: 'Informazioni account' });
    expect(within(info).getByText('Azienda')).toBeTruthy();
    expect(within(info).getByText('01114601006')).toBeTruthy();
    expect(within(info).getByText('amministrazione@pec.example.it')).toBeTruthy();
    expect(await screen.findByText('Non hai ancora effettuato ordini.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scopri i prodotti' }).getAttribute('href')).toBe('/prodotti');
  });

  it('updates the profile with PUT, and shows the detail or the fallback on failure', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    let put: [number, unknown] = [422, { detail: 'CAP non valido' }];
    let sent: unknown;
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
      [`PUT ${API}/api/customers/profile`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return put;
      },
    });
    await renderAt('/profilo');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica profilo' }));
    type(/^Nome/, 'Maria');
    type(/^CAP/, '');
    await submit('Salva modifiche');
    expect(document.activeElement).toBe(screen.getByLabelText(/^CAP/));
    expect(sent).toBeUndefined();

    type(/^CAP/, '80135');
    await submit('Salva modifiche');
    expect(sent).toEqual({
      telefono: '+39 081 123 4567',
      indirizzo: { street: 'Via Toledo 1', city: 'Napoli', province: 'NA', cap: '80135' },
      dati_privato: { nome: 'Maria', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
    });
    expect(screen.getByRole('alert').textContent).toBe('CAP non valido');

    put = [500, {}];
    await submit('Salva modifiche');
    expect(screen.getByRole('alert').textContent).toBe('Errore aggiornamento profilo');

    put = [200, { ...mario, dati_privato: { ...mario.dati_privato, nome: 'Maria' } }];
    await submit('Salva modifiche');
    expect(screen.getByText('Profilo aggiornato.')).toBeTruthy();
    expect(screen.getByTestId('profile-name').textContent).toBe('Maria Rossi');
    expect(screen.getByTestId('account-name').textContent).toBe('Maria');
  });

  it("'Esci' ends the session on the server, removes the token and goes home", async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    const logout = jest.fn((init?: RequestInit): [number, unknown] => {
      const auth = (init?.headers as Record<string, string>)?.Authorization;
      return auth === 'Bearer tok-mario' ? [204, null] : [401, { detail: 'Sessione non valida o scaduta' }];
    });
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
      [`POST ${API}/api/customers/logout`]: logout,
    });
    await renderAt('/profilo');
    const main = screen.getByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(localStorage.getItem('customer_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Accedi' })).toBeTruthy();
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  describe('password change', () => {
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    const submit = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Aggiorna password' }));
      });
    };

    async function openForm(put: Handler) {
      localStorage.setItem('customer_token', 'tok-mario');
      const change = jest.fn(put);
      serve({
        [`GET ${API}/api/customers/profile`]: (init) => {
          const auth = (init?.headers as Record<string, string>)?.Authorization;
          return auth === 'Bearer tok-mario' || auth === 'Bearer tok-nuovo'
            ? [200, mario]
            : [401, { detail: 'Sessione non valida o scaduta' }];
        },
        [`GET ${API}/api/customers/orders`]: () => [200, []],
        [`PUT ${API}/api/customers/password`]: change,
      });
      await renderAt('/profilo');
      fireEvent.click(await screen.findByRole('button', { name: 'Cambia password' }));
      return change;
    }

    it('checks the fields with the texts of docs/product/account.md#registration before asking the server', async () => {
      const change = await openForm(() => [500, {}]);
      await submit();
      expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(3);
      fill('Password attuale', 'vecchia-1');
      fill('Nuova password', 'corta');
      fill('Conferma nuova password', 'diversa');
      await submit();
      expect(screen.getByText('La password deve essere di almeno 6 caratteri')).toBeTruthy();
      expect(screen.getByText('Le password non coincidono')).toBeTruthy();
      expect(change).not.toHaveBeenCalled();
    });

    it("shows the server's detail, e.g. a common password", async () => {
      await openForm(() => [422, { detail: "Password troppo comune: scegline un'altra" }]);
      fill('Password attuale', 'vecchia-1');
      fill('Nuova password', 'password1');
      fill('Conferma nuova password', 'password1');
      await submit();
      expect(screen.getByRole('alert').textContent).toBe("Password troppo comune: scegline un'altra");
      expect(localStorage.getItem('customer_token')).toBe('tok-mario');
    });

    it('sends old and new password, then keeps the fresh token the server answers', async () => {
      const change = await openForm((init) => {
        const auth = (init?.headers as Record<string, string>)?.Authorization;
        if (auth !== 'Bearer tok-mario') return [401, { detail: 'Sessione non valida o scaduta' }];
        return [
          200,
          {
            access_token: 'tok-nuovo',
            token_type: 'bearer',
            customer_id: 'c-1',
            email: mario.email,
            tipo_cliente: 'privato',
          },
        ];
      });
      fill('Password attuale', 'vecchia-1');
      fill('Nuova password', 'Vesuvio-1944');
      fill('Conferma nuova password', 'Vesuvio-1944');
      await submit();
      expect(JSON.parse(change.mock.calls[0]![0]!.body as string)).toEqual({
        old_password: 'vecchia-1',
        new_password: 'Vesuvio-1944',
      });
      await waitFor(() => expect(localStorage.getItem('customer_token')).toBe('tok-nuovo'));
      expect(
        await screen.findByText('Password aggiornata. Le altre sessioni sono state chiuse.'),
      ).toBeTruthy();
      expect(location()).toBe('/profilo');
    });
  });

  it('logs out when the token expires while the page is open', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [401, { detail: 'Token scaduto' }],
    });
    await renderAt('/profilo');
    await waitFor(() => expect(location()).toBe('/accedi'));
    expect(localStorage.getItem('customer_token')).toBeNull();
  });
});

describe('/ordini/storico', () => {
  it('lists the same orders', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, orders],
    });
    await renderAt('/ordini/storico');
    expect(await screen.findByRole('heading', { level: 1, name: 'I Miei Ordini' })).toBeTruthy();
    expect(await screen.findAllByTestId('customer-order')).toHaveLength(2);
  });
});

describe('/ordini/{id}: the order page', () => {
  const ORDER_ID = '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
  const TOKEN = 'Vq3Xo0b9yC1mK7Zt2rL4sPp8Qw6Ee5Nn-A_hGjUuIi0';
  const pageUrl = `${API}/orders/${ORDER_ID}?t=${TOKEN}`;
  const unpaid = {
    id: ORDER_ID,
    order_reference: 'ORD-ABCD5678',
    status: 'pending',
    created_at: '2026-11-20T09:30:00.000Z',
    payment_method: 'transfer',
    payment_status: 'pending',
    items: [
      { article_id: 'a1', title: 'Ferrari 312T 1:43', quantity: 2, unit_gross: 60.88, line_total: 121.76 },
    ],
    subtotal_amount: 121.76,
    shipping_cost: 9,
    total_amount: 130.76,
    refunded_amount: 0,
    shipping_address: {
      name: 'Giulia Russo',
      address: 'Via dei Mille 12',
      zip_code: '80121',
      city: 'Napoli',
      country: 'IT',
    },
    bank_transfer: {
      iban: 'IE29AIBK93115212345678',
      holder: 'Edicola Napoli',
      bank_name: null,
      payment_reason: 'ORD-ABCD5678',
      amount: 130.76,
      demo: false,
    },
    payment_due_at: '2026-11-27T09:30:00.000Z',
    tracking: null,
    invoice_number: null,
    credit_notes: [],
    cancellable: true,
    token: TOKEN,
  };
  const cancelledOrder = {
    ...unpaid,
    status: 'cancelled',
    payment_status: 'failed',
    bank_transfer: null,
    payment_due_at: null,
    cancellable: false,
  };

  it('shows a guest the order of the link: reference, lines, totals, the transfer to make, the address', async () => {
    serve({ [`GET ${pageUrl}`]: () => [200, unpaid] });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine ORD-ABCD5678' })).toBeTruthy();
    expect(screen.getByTestId('order-page-status').textContent).toBe('In Attesa');
    expect(screen.getByText('20 novembre 2026')).toBeTruthy();
    expect(screen.getByText('Bonifico bancario')).toBeTruthy();
    expect(screen.getByText(/2 × Ferrari 312T 1:43/)).toBeTruthy();
    expect(screen.getByText('60,88 € cad.')).toBeTruthy();
    expect(screen.getAllByText('121,76 €')).toHaveLength(2); // the line and the subtotal
    expect(screen.getByTestId('order-page-total').textContent?.replace(/\s/g, ' ')).toBe('130,76 €');
    const transfer = within(screen.getByTestId('order-page-transfer'));
    expect(transfer.getByText('IE29AIBK93115212345678')).toBeTruthy();
    expect(transfer.getAllByText('ORD-ABCD5678')).toHaveLength(1);
    expect(transfer.getByText(/entro il 27 novembre 2026/)).toBeTruthy();
    expect(screen.getByText(/Via dei Mille 12/)).toBeTruthy();
    expect(screen.queryByTestId('order-page-tracking')).toBeNull();
    expect(document.title).toContain('Ordine ORD-ABCD5678');
  });

  it('shows the discount code the order used and what it took off (docs/product/cart-and-checkout.md#discount-codes)', async () => {
    serve({
      [`GET ${pageUrl}`]: () => [
        200,
        { ...unpaid, discount_code: 'ESTATE10', discount_amount: 12.18, total_amount: 118.58 },
      ],
    });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Ordine ORD-ABCD5678' });
    expect(screen.getByText('Sconto (ESTATE10)')).toBeTruthy();
    expect(screen.getByTestId('order-page-discount').textContent?.replace(/\s/g, ' ')).toBe('−12,18 €');
    expect(screen.getByTestId('order-page-total').textContent?.replace(/\s/g, ' ')).toBe('118,58 €');
  });

  it("cancels after the confirmation, with the link's token, then shows the order cancelled", async () => {
    let current: unknown = unpaid;
    const fetchMock = serve({
      [`GET ${pageUrl}`]: () => [200, current],
      [`POST ${API}/orders/${ORDER_ID}/cancel`]: () => {
        current = cancelledOrder;
        return [200, { order_id: ORDER_ID, status: 'cancelled' }];
      },
    });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Annulla ordine' })));
    const dialog = screen.getByRole('alertdialog', { name: "Vuoi annullare l'ordine?" });
    // 'No' closes the dialog and nothing is sent.
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: "No, mantieni l'ordine" })),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Annulla ordine' }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: "Sì, annulla l'ordine" }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('order-page-status').textContent).toBe('Annullato'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(init!.body as string))).toEqual([{ cancel_token: TOKEN }]);
    expect(screen.getByRole('status').textContent).toBe("L'ordine è stato annullato.");
    expect(screen.queryByRole('button', { name: 'Annulla ordine' })).toBeNull();
    expect(screen.queryByTestId('order-page-transfer')).toBeNull();
  });

  it("shows the server's refusal in the dialog (paid meanwhile)", async () => {
    serve({
      [`GET ${pageUrl}`]: () => [200, unpaid],
      [`POST ${API}/orders/${ORDER_ID}/cancel`]: () => [
        409,
        { detail: "L'ordine non si può più annullare: è già pagato o chiuso" },
      ],
    });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Annulla ordine' })));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: "Sì, annulla l'ordine" }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      "L'ordine non si può più annullare: è già pagato o chiuso",
    );
  });

  it('shows tracking and the documents of a shipped, invoiced order, with the token in their links', async () => {
    serve({
      [`GET ${pageUrl}`]: () => [
        200,
        {
          ...unpaid,
          status: 'shipped',
          payment_status: 'partially_refunded',
          payment_method: 'card',
          bank_transfer: null,
          payment_due_at: null,
          cancellable: false,
          refunded_amount: 10,
          tracking: { number: 'TRK123IT', carrier: 'BRT', url: 'https://track.example/TRK123IT' },
          invoice_number: '12/2026',
          credit_notes: [{ number: '3/2026', date: '2026-11-25', amount: 10 }],
        },
      ],
    });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    const tracking = within(await screen.findByTestId('order-page-tracking'));
    expect(tracking.getByText('BRT')).toBeTruthy();
    expect(tracking.getByText('TRK123IT')).toBeTruthy();
    const track = tracking.getByRole('link', { name: 'Segui la spedizione' });
    expect(track.getAttribute('href')).toBe('https://track.example/TRK123IT');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Scarica fattura 12/2026' }).getAttribute('href')).toBe(
      `${API}/orders/${ORDER_ID}/invoice.pdf?t=${TOKEN}`,
    );
    expect(screen.getByRole('link', { name: 'Scarica nota di credito 3/2026' }).getAttribute('href')).toBe(
      `${API}/orders/${ORDER_ID}/credit-notes/3-2026.pdf?t=${TOKEN}`,
    );
    expect(screen.getByText('Rimborsato in parte')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annulla ordine' })).toBeNull();
  });

  it('says a wrong or incomplete link is not an order', async () => {
    serve({ [`GET ${pageUrl}`]: () => [404, { detail: 'Ordine non trovato' }] });
    await renderAt(`/ordini/${ORDER_ID}?t=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Ordine non trovato: il link non è valido/,
    );
  });

  it('opens for the signed-in owner without a token; a visitor without one goes to /accedi', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/orders/${ORDER_ID}`]: (init) =>
        (init?.headers as Record<string, string>)?.Authorization === 'Bearer tok-mario'
          ? [200, unpaid]
          : [404, { detail: 'Ordine non trovato' }],
    });
    await renderAt(`/ordini/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine ORD-ABCD5678' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai ai miei ordini' }).getAttribute('href')).toBe('/profilo');
    cleanup();

    localStorage.clear();
    forgetAccounts();
    serve({});
    await renderAt(`/ordini/${ORDER_ID}`);
    await waitFor(() => expect(location()).toBe('/accedi'));
  });
});

describe('languages', () => {
  afterEach(async () => {
    cleanup();
    await initTestI18n('it');
  });

  it('shows the orders in the chosen language, dates in its format, totals in euros the Italian way', async () => {
    await initTestI18n('en');
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, orders],
    });
    await renderAt('/ordini/storico');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    const first = within((await screen.findAllByTestId('customer-order'))[0]!);
    expect(first.getByText('Order ORD-456789AB')).toBeTruthy();
    expect(first.getByText('Shipped')).toBeTruthy();
    expect(first.getByText('3 October 2025')).toBeTruthy();
    expect(first.getByText('12.345,50 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the profile' })).toBeTruthy();
  });

  it('shows the registration form and its messages in German', async () => {
    await initTestI18n('de');
    serve({});
    await renderAt('/registrati');
    expect(screen.getByRole('heading', { level: 1, name: 'Erstellen Sie Ihr Konto' })).toBeTruthy();
    type(/^Passwort(?! bestätigen)/, 'abc');
    await submit('Registrieren');
    expect(screen.getByText('Das Passwort muss mindestens 6 Zeichen lang sein')).toBeTruthy();
  });
});

describe('account menu', () => {
  it('opens profile and orders, logs out from the header', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({ [`GET ${API}/api/customers/profile`]: profileOf(mario) });
    await renderAt('/');
    const button = await screen.findByRole('button', { name: /Mario/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Il mio profilo' }).getAttribute('href')).toBe('/profilo');
    expect(screen.getByRole('link', { name: 'I miei ordini' }).getAttribute('href')).toBe('/ordini/storico');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Esci' })));
    expect(localStorage.getItem('customer_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Accedi' })).toBeTruthy();
  });

  it('follows a login or logout made in another tab (storage event)', async () => {
    serve({ [`GET ${API}/api/customers/profile`]: profileOf(mario) });
    await renderAt('/');
    expect(screen.getByRole('link', { name: 'Accedi' })).toBeTruthy();

    localStorage.setItem('customer_token', 'tok-mario');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'customer_token', newValue: 'tok-mario' }));
    });
    expect((await screen.findByTestId('account-name')).textContent).toBe('Mario');

    localStorage.removeItem('customer_token');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'customer_token', newValue: null }));
    });
    expect(screen.getByRole('link', { name: 'Accedi' })).toBeTruthy();
  });

  it('announces logins and logouts to the other slices', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener('edicola:customer-session', listener);
    try {
      serve({
        [`POST ${API}/api/customers/login`]: () => [
          200,
          {
            access_token: 'tok-mario',
            token_type: 'bearer',
            customer_id: 'c-1',
            email: mario.email,
            tipo_cliente: 'privato',
          },
        ],
        [`GET ${API}/api/customers/profile`]: profileOf(mario),
        [`GET ${API}/api/customers/orders`]: () => [200, []],
      });
      await renderAt('/accedi');
      type(/^Email/, mario.email);
      type(/^Password/, 'segreta1');
      await submit('Accedi');
      await screen.findByTestId('profile-name');
      fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Esci' }));
      expect(seen).toEqual([{ token: 'tok-mario' }, { token: null }]);
    } finally {
      window.removeEventListener('edicola:customer-session', listener);
    }
  });
});

// docs/product/account.md#data-export, docs/product/account.md#erasure
describe("/profilo's 'I miei dati'", () => {
  const exported = {
    exported_at: '2026-11-29T10:00:00.000Z',
    profile: { ...mario, created_at: '2025-01-15T10:00:00.000Z' },
    orders: [
      {
        id: orders[0]!.id,
        order_reference: 'ORD-456789AB',
        order_date: '2025-10-03T09:15:00.000Z',
        status: 'shipped',
        payment_method: 'card',
        payment_status: 'paid',
        total_cents: 4590,
        shipping_cents: 900,
        customer_info: { name: 'Mario Rossi', email: 'mario.rossi@example.it' },
        invoice_data: null,
        items: [
          {
            article_id: 'a1',
            title: 'Ferrari SF-23 1:18',
            quantity: 2,
            unit_gross_cents: 1845,
            line_total_cents: 3690,
          },
        ],
      },
    ],
    reviews: [
      {
        id: 'r1',
        article_id: 'a1',
        article_title: 'Ferrari SF-23 1:18',
        rating: 5,
        title: 'Perfetta',
        comment: 'Dettagli curati',
        customer_name: 'Mario',
        approved: true,
        reply_text: null,
        created_at: '2025-10-10T10:00:00.000Z',
      },
    ],
    consents: {
      newsletter: {
        email: 'mario.rossi@example.it',
        name: 'Mario',
        language: 'it',
        subscribed_at: '2025-02-01T10:00:00.000Z',
        confirmed_at: '2025-02-01T10:05:00.000Z',
        unsubscribed_at: null,
        source: 'newsletter_form',
        text_version: '2026-11-29',
      },
      stock_alerts: [],
    },
  };

  it('shows the data as a page to read: profile, orders, reviews and consents', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
      [`GET ${API}/api/customers/me/export`]: () => [200, exported],
    });
    await renderAt('/profilo');
    await submit('Leggi i miei dati');
    const data = await screen.findByTestId('my-data');
    expect(within(data).getByText('RSSMRA85T10A562S')).toBeTruthy();
    expect(
      within(data).getByText(/ORD-456789AB · 3 ottobre 2025 · 45,90 € · 2 × Ferrari SF-23 1:18/),
    ).toBeTruthy();
    expect(within(data).getByText(/5\/5 · Perfetta: Dettagli curati/)).toBeTruthy();
    expect(
      within(data).getByText(
        'Newsletter: iscrizione confermata il 1 febbraio 2025 (testo del consenso: versione 2026-11-29).',
      ),
    ).toBeTruthy();
  });

  it("lists the account's gift cards with their code, balance, expiry and history", async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
      [`GET ${API}/api/customers/me/gift-cards`]: profileOf({
        gift_cards: [
          {
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            code: 'ABCD-2345-EFGH-6789',
            initial_amount: 50,
            balance: 20,
            expires_on: '2027-11-28',
            expired: false,
            customer_id: 'c1',
            origin: 'trade_in',
            note: null,
            created_by: 'gennaro',
            created_at: '2026-11-29T10:00:00.000Z',
            movements: [
              {
                kind: 'issued',
                amount: 50,
                order_id: null,
                order_reference: null,
                at: '2026-11-29T10:00:00.000Z',
              },
              {
                kind: 'redeemed',
                amount: -30,
                order_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
                order_reference: 'ORD-4F3E2D1C',
                at: '2026-11-30T10:00:00.000Z',
              },
            ],
          },
        ],
      }),
    });
    await renderAt('/profilo');
    const cards = await screen.findByTestId('my-gift-cards');
    const text = (cards.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('ABCD-2345-EFGH-6789 · Credito 20,00 € · valido fino al 28 novembre 2027');
    expect(text).toContain('30 novembre 2026 · Speso · ORD-4F3E2D1C · −30,00 €');
  });

  it('erases the account after the dialog that says what is kept, with the password', async () => {
    localStorage.setItem('customer_token', 'tok-mario');
    const erase = jest.fn((init?: RequestInit): [number, unknown] =>
      JSON.parse(String(init?.body)).password === 'segreta1'
        ? [204, null]
        : [422, { detail: 'La password attuale non è corretta' }],
    );
    serve({
      [`GET ${API}/api/customers/profile`]: profileOf(mario),
      [`GET ${API}/api/customers/orders`]: () => [200, []],
      [`DELETE ${API}/api/customers/me`]: erase,
      [`POST ${API}/api/customers/logout`]: () => [401, { detail: 'Account non più esistente' }],
    });
    await renderAt('/profilo');
    await submit('Elimina il mio account');
    const dialog = screen.getByRole('alertdialog', { name: 'Eliminare il tuo account?' });
    expect(within(dialog).getByText(/art\. 2220 del codice civile/)).toBeTruthy();
    await submit('Elimina definitivamente');
    expect(within(dialog).getByRole('alert').textContent).toBe('La password è obbligatoria');
    expect(erase).not.toHaveBeenCalled();

    type('Per confermare, inserisci la tua password', 'sbagliata');
    await submit('Elimina definitivamente');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('La password attuale non è corretta'),
    );
    type('Per confermare, inserisci la tua password', 'segreta1');
    await submit('Elimina definitivamente');
    await waitFor(() => expect(location()).toBe('/'));
    expect(localStorage.getItem('customer_token')).toBeNull();
  });
});
