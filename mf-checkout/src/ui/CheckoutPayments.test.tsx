import { MemoryRouter } from 'react-router-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  ERROR_CODES,
  TOTAL_MISMATCH_DETAIL,
  type CreateOrderResponse,
  type KlarnaIntentResponse,
  type PaymentsConfig,
  type RuntimeConfig,
} from '@edicola/contracts';
import { jsonResponse } from '@edicola/web-testing';
import CartButton from './CartButton';
import { CART_STORAGE_KEY } from '../cart';
import { resetDraft } from '../checkoutDraft';
import { KlarnaSchedule } from './KlarnaSchedule';
import { OPEN_ORDER_KEY } from '../openOrder';
import { browser, KLARNA_CART_KEY, KLARNA_CUSTOMER_KEY } from '../payments';
import { article, initTestI18n } from '../testSupport';

// The live Klarna confirmation goes to Stripe.js, a script from js.stripe.com: the network edge, faked here.
const confirmKlarnaPayment = jest.fn();
const loadStripe = jest.fn(async (_key: string) => ({ confirmKlarnaPayment }));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};
const ferrari = article({
  id: '0b6f3c1e-1111-4a5b-9c8d-000000000001',
  title: 'Ferrari F1-75 1:18',
  price: 189,
  iva_percentage: 22,
  quantity_stock: 3,
});
const ORDER_ID = '6f1c1c3e-6c2b-4a57-9d0a-1b2c3d4e5f60';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

type Handler = (body: Record<string, unknown>) => [number, unknown];
let routes: Record<string, Handler>;
let calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[];
let assigned: string[];
let paymentsConfig: PaymentsConfig;

const order = (method: string): CreateOrderResponse => ({
  order_id: ORDER_ID,
  order_reference: 'ORD-2C3D4E5F',
  status: 'pending',
  payment_status: 'pending',
  items: [
    {
      article_id: ferrari.id,
      sku: 'SF',
      title: ferrari.title,
      quantity: 1,
      price: 189,
      iva_percentage: 22,
      unit_gross: 230.58,
      line_total: 230.58,
      discount: 0,
    },
  ],
  subtotal_amount: 230.58,
  shipping_cost: 9,
  total_amount: method === 'x' ? 0 : 239.58,
  discount_code: null,
  discount_amount: 0,
  bank_transfer: null,
  payment_due_at: '2026-11-24T18:30:00.000Z',
  cancel_token: `tok-${method}`,
});
const intent = (demo: boolean): KlarnaIntentResponse => ({
  client_secret: 'pi_klarna_1_secret_abc',
  payment_intent_id: 'pi_klarna_1',
  order_id: ORDER_ID,
  order_reference: 'ORD-2C3D4E5F',
  amount: 239.58,
  demo,
  demo_url: demo ? 'http://localhost/pagamento-demo?kind=klarna&id=pi_klarna_1' : null,
});

beforeAll(() => initTestI18n());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetDraft();
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([{ article_id: ferrari.id, article: ferrari, quantity: 1 }]),
  );
  calls = [];
  assigned = [];
  paymentsConfig = {
    mode: 'demo',
    methods: { card: 'demo', klarna: 'demo', paypal: 'demo', transfer: 'live' },
    stripe: { demo: true, publishable_key: null },
    paypal: { demo: true, client_id: null },
    timeout_minutes: 30,
  };
  routes = {
    '/public/articles': () => [200, [ferrari]],
    '/shipping/calculate': () => [200, { shipping_cost: 9, zone: 'national', country: 'IT' }],
    '/payments/config': () => [200, paymentsConfig],
  };
  jest.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  confirmKlarnaPayment.mockReset();
  loadStripe.mockClear();
  global.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : {};
    if (init.method === 'POST') calls.push({ path: url.pathname, body, headers });
    const handler = routes[url.pathname];
    return handler ? jsonResponse(...handler(body)) : jsonResponse(404, { detail: 'Non trovato' });
  }) as unknown as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

const GUEST = {
  'Nome completo': 'Mario Rossi',
  Email: 'mario.rossi@example.it',
  Telefono: '+39 081 123 4567',
  'Indirizzo di spedizione': 'Via Toledo 1',
  Città: 'Napoli',
  CAP: '80134',
};

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

async function toDetails(method: RegExp) {
  render(
    <MemoryRouter>
      <CartButton config={config} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
  const cart = await screen.findByRole('dialog', { name: 'Il tuo carrello' });
  await within(cart).findByTestId('cart-shipping');
  fireEvent.click(within(cart).getByRole('button', { name: 'Procedi al Pagamento' }));
  const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
  fireEvent.click(within(payment).getByRole('button', { name: method }));
  return screen.findByRole('dialog', { name: 'I tuoi dati' });
}

describe('the methods offered', () => {
  it('offers only the methods that are on, with no demo tag when live (PayPal without keys is off)', async () => {
    paymentsConfig = {
      ...paymentsConfig,
      mode: 'live',
      methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' },
      stripe: { demo: false, publishable_key: 'pk_test_edicola' },
      paypal: { demo: false, client_id: null },
    };
    render(
      <MemoryRouter>
        <CartButton config={config} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
    const cart = await screen.findByRole('dialog', { name: 'Il tuo carrello' });
    await within(cart).findByTestId('cart-shipping');
    fireEvent.click(within(cart).getByRole('button', { name: 'Procedi al Pagamento' }));
    const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    await waitFor(() => expect(within(payment).queryByRole('button', { name: /PayPal/ })).toBeNull());
    expect(within(payment).getAllByRole('button', { name: /Klarna|Carta|Bonifico/ })).toHaveLength(4);
    expect(within(payment).queryByText(/^DEMO/)).toBeNull();
  });
});

describe('card', () => {
  it('creates the checkout session with the details and the total, then leaves for its url', async () => {
    routes['/checkout/session'] = () => [
      200,
      {
        url: 'http://localhost/pagamento-demo?kind=card&id=cs_1',
        session_id: 'cs_1',
        order_id: ORDER_ID,
        order_reference: 'ORD-2C3D4E5F',
        total_amount: 239.58,
        demo: true,
        cancel_token: 'tok-card',
      },
    ];
    routes[`/orders/${ORDER_ID}/cancel`] = () => [200, { order_id: ORDER_ID, status: 'cancelled' }];
    const dialog = await toDetails(/^Carta di credito o debito/);
    expect(within(dialog).getByTestId('payment-demo-note').textContent).toBe(
      'DEMO: nessun addebito reale. Il pagamento con carta e con Klarna è simulato su una pagina di prova del negozio.',
    );
    fill(dialog, { ...GUEST, CAP: '80134' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await waitFor(() => expect(assigned).toEqual(['http://localhost/pagamento-demo?kind=card&id=cs_1']));
    expect(
      screen.getByRole('status', { name: 'Ti stiamo portando alla pagina di pagamento...' }),
    ).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['Idempotency-Key']).toMatch(UUID);
    expect(calls[0]!.body).toEqual({
      items: [{ article_id: ferrari.id, quantity: 1 }],
      customer_email: 'mario.rossi@example.it',
      customer_name: 'Mario Rossi',
      shipping_address: {
        name: null,
        phone: '+39 081 123 4567',
        address: 'Via Toledo 1',
        city: 'Napoli',
        zipCode: '80134',
        notes: '',
        country: 'IT',
      },
      invoice_data: null,
      shipping_zone: 'national',
      total_amount: 239.58,
      language: 'it',
    });
    // The cart stays until the success page.
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    // The checkout keeps the order's cancel token while the buyer is on the card page.
    expect(JSON.parse(sessionStorage.getItem(OPEN_ORDER_KEY)!)).toEqual({
      order_id: ORDER_ID,
      cancel_token: 'tok-card',
    });

    // Back from the card page through the history (the page restored as left): the form again, and that
    // attempt's order cancelled at once with its token.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(await screen.findByRole('dialog', { name: 'I tuoi dati' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls.slice(1)).toEqual([
      { path: `/orders/${ORDER_ID}/cancel`, body: { cancel_token: 'tok-card' }, headers: expect.anything() },
    ]);
  });

  it("an answer without the page's url: 'Errore durante il checkout. Riprova.'; a retry keeps the key, a change renews it", async () => {
    routes['/checkout/session'] = () => [200, { session_id: 'cs_1' }];
    const dialog = await toDetails(/^Carta di credito o debito/);
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Errore durante il checkout. Riprova.',
    );
    routes['/checkout/session'] = () => [503, { detail: 'Servizio pagamenti non disponibile' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        "Errore nell'invio dell'ordine: Servizio pagamenti non disponibile. Per assistenza chiamaci al +39 081 555 0123.",
      ),
    );
    fill(dialog, { Telefono: '+39 081 000 0000' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    const keys = calls.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(assigned).toEqual([]);
  });
});

describe('PayPal', () => {
  it('shows the yellow warning until name, email with @, phone, address and city are filled, then the button', async () => {
    routes['/paypal/create-order'] = () => [
      200,
      {
        order_id: 'PAYPAL-1',
        shop_order_id: ORDER_ID,
        order_reference: 'ORD-2C3D4E5F',
        total_amount: 239.58,
        approve_url: 'http://localhost/pagamento-demo?kind=paypal&id=PAYPAL-1',
        demo: true,
        cancel_token: 'tok-paypal',
      },
    ];
    const dialog = await toDetails(/^PayPal/);
    const warning = () => within(dialog).queryByTestId('paypal-warning');
    const button = () => within(dialog).queryByRole('button', { name: 'Paga con PayPal' });
    expect(warning()!.textContent).toBe('Completa tutti i campi obbligatori per procedere con PayPal');
    expect(button()).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Conferma Ordine' })).toBeNull();
    fill(dialog, { ...GUEST, Email: 'mario.rossi' });
    expect(warning()).not.toBeNull(); // no '@' yet
    fill(dialog, { Email: 'mario.rossi@example.it', Città: ' ' });
    expect(warning()).not.toBeNull();
    fill(dialog, { Città: 'Napoli' });
    expect(warning()).toBeNull();
    expect(within(dialog).getByTestId('payment-demo-note').textContent).toMatch(
      /^DEMO: nessun addebito reale/,
    );

    fireEvent.click(button()!);
    await waitFor(() =>
      expect(assigned).toEqual(['http://localhost/pagamento-demo?kind=paypal&id=PAYPAL-1']),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/paypal/create-order');
    expect(calls[0]!.headers['Idempotency-Key']).toMatch(UUID);
    expect(calls[0]!.body).toMatchObject({
      customer_email: 'mario.rossi@example.it',
      customer_name: 'Mario Rossi',
      shipping_address: { name: 'Mario Rossi', phone: '+39 081 123 4567', city: 'Napoli' },
      total_amount: 239.58,
    });
    // Not emptied before PayPal's approval and the capture (the success page does it).
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it.each([
    [
      400,
      { detail: 'Il CAP non è valido' },
      "Errore nella creazione dell'ordine PayPal: Il CAP non è valido",
    ],
    [
      422,
      { detail: TOTAL_MISMATCH_DETAIL, code: ERROR_CODES.totalMismatch },
      'Errore nel calcolo del totale. Riprova.',
    ],
    [
      502,
      { detail: 'PayPal non risponde' },
      'Errore con PayPal. Riprova o scegli un altro metodo di pagamento.',
    ],
  ])(
    'a %s from create-order is told as docs/product/cart-and-checkout.md#messages says',
    async (status, answer, message) => {
      routes['/paypal/create-order'] = () => [status, answer];
      const dialog = await toDetails(/^PayPal/);
      fill(dialog, GUEST);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Paga con PayPal' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
      expect(assigned).toEqual([]);
    },
  );
});

describe('Klarna', () => {
  it('pay in 3: order, then intent, then the dialog with the schedule; demo confirms on the shop page', async () => {
    routes['/orders'] = () => [201, order('klarna')];
    routes['/payments/klarna/create-intent'] = () => [200, intent(true)];
    const dialog = await toDetails(/^Klarna – Paga in 3 rate/);
    fill(dialog, { ...GUEST, CAP: '80134' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    const klarna = await screen.findByRole('dialog', { name: 'Pagamento con Klarna' });

    expect(calls.map((call) => call.path)).toEqual(['/orders', '/payments/klarna/create-intent']);
    const [placed, created] = calls;
    expect(placed!.body).toMatchObject({ payment_method: 'klarna', total_amount: 239.58 });
    expect(placed!.headers['Idempotency-Key']).toMatch(UUID);
    expect(created!.headers['Idempotency-Key']).toBe(placed!.headers['Idempotency-Key']);
    expect(created!.body).toEqual({
      order_id: ORDER_ID,
      amount: 239.58,
      currency: 'EUR',
      customer_email: 'mario.rossi@example.it',
      customer_name: 'Mario Rossi',
      billing_address: { line1: 'Via Toledo 1', city: 'Napoli', postal_code: '80134', country: 'IT' },
      line_items: [{ name: 'Ferrari F1-75 1:18', quantity: 1, unit_amount: 23058 }],
    });
    expect(JSON.parse(sessionStorage.getItem(KLARNA_CART_KEY)!)).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(KLARNA_CUSTOMER_KEY)!)).toMatchObject({
      email: 'mario.rossi@example.it',
      order_id: ORDER_ID,
    });

    expect(plain(within(klarna).getByTestId('klarna-total').textContent)).toBe('239,58 €');
    const rows = within(klarna).getAllByTestId('klarna-instalment');
    expect(rows.map((row) => plain(row.lastElementChild!.textContent))).toEqual([
      '79,86 €',
      '79,86 €',
      '79,86 €',
    ]);
    expect(rows[0]!.textContent).toMatch(/^Rata 1Oggi \(/);
    expect(
      within(klarna).getByText(
        /Pagamento sicuro tramite il nostro circuito di pagamento \(Stripe\) e Klarna/,
      ),
    ).toBeTruthy();
    expect(within(klarna).getByText(/^DEMO: nessun addebito reale/)).toBeTruthy();

    // 'Annulla' ends the attempt on the server at once (the order is cancelled there); confirming again is a new
    // attempt with a new key, so a new order.
    routes['/payments/klarna/cancel'] = () => [
      200,
      {
        payment_intent_id: 'pi_klarna_1',
        intent_status: 'canceled',
        status: 'expired',
        order_id: ORDER_ID,
        order_reference: 'ORD-2C3D4E5F',
        total_amount: 239.58,
      },
    ];
    routes[`/orders/${ORDER_ID}/cancel`] = () => [200, { order_id: ORDER_ID, status: 'cancelled' }];
    fireEvent.click(within(klarna).getByRole('button', { name: 'Annulla' }));
    const again = await screen.findByRole('dialog', { name: 'I tuoi dati' });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/payments/klarna/cancel'));
    // And the checkout's own open order, with the token it kept.
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls.find((call) => call.path === `/orders/${ORDER_ID}/cancel`)!.body).toEqual({
      cancel_token: 'tok-klarna',
    });
    expect(calls.find((call) => call.path === '/payments/klarna/cancel')!.body).toEqual({
      payment_intent_id: 'pi_klarna_1',
      client_secret: 'pi_klarna_1_secret_abc',
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Conferma Ordine' }));
    const klarna2 = await screen.findByRole('dialog', { name: 'Pagamento con Klarna' });
    const orderKeys = calls
      .filter((call) => call.path === '/orders')
      .map((call) => call.headers['Idempotency-Key']);
    expect(orderKeys).toHaveLength(2);
    expect(new Set(orderKeys).size).toBe(2);

    fireEvent.click(within(klarna2).getByRole('button', { name: 'Continua con Klarna' }));
    expect(assigned).toEqual(['/pagamento-demo?kind=klarna&id=pi_klarna_1&option=in3']);
    expect(loadStripe).not.toHaveBeenCalled(); // no Stripe.js in demo mode
  });

  it('pay now shows the whole amount today', async () => {
    routes['/orders'] = () => [201, order('klarna-now')];
    routes['/payments/klarna/create-intent'] = () => [200, intent(true)];
    const dialog = await toDetails(/^Klarna – Paga ora/);
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    const klarna = await screen.findByRole('dialog', { name: 'Pagamento con Klarna' });
    expect(calls[0]!.body).toMatchObject({ payment_method: 'klarna-now' });
    expect(plain(within(klarna).getByTestId('klarna-pay-now').textContent)).toBe(
      "Paghi oggi l'intero importo: 239,58 €.",
    );
    expect(within(klarna).queryByTestId('klarna-schedule')).toBeNull();
    fireEvent.click(within(klarna).getByRole('button', { name: 'Continua con Klarna' }));
    expect(assigned).toEqual(['/pagamento-demo?kind=klarna&id=pi_klarna_1&option=now']);
  });

  it('an intent that cannot be created says so with the detail, and the session record goes', async () => {
    routes['/orders'] = () => [201, order('klarna-now')];
    routes['/payments/klarna/create-intent'] = () => [
      409,
      { detail: "L'ordine non è in attesa di pagamento" },
    ];
    const dialog = await toDetails(/^Klarna – Paga ora/);
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Errore nella creazione del pagamento Klarna Pay Now: L'ordine non è in attesa di pagamento",
    );
    expect(sessionStorage.getItem(KLARNA_CART_KEY)).toBeNull();
    expect(sessionStorage.getItem(KLARNA_CUSTOMER_KEY)).toBeNull();
  });

  it('live: Stripe.js confirms with the billing details and the return page; its errors are told', async () => {
    paymentsConfig = {
      ...paymentsConfig,
      mode: 'live',
      methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' },
      stripe: { demo: false, publishable_key: 'pk_test_edicola' },
    };
    routes['/orders'] = () => [201, order('klarna')];
    routes['/payments/klarna/create-intent'] = () => [200, intent(false)];
    confirmKlarnaPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'declined' } });
    const dialog = await toDetails(/^Klarna – Paga in 3 rate/);
    expect(within(dialog).queryByTestId('payment-demo-note')).toBeNull();
    fill(dialog, GUEST); // no CAP: Klarna gets the default of docs/product/constants.md#klarna-defaults
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    const klarna = await screen.findByRole('dialog', { name: 'Pagamento con Klarna' });
    fireEvent.click(within(klarna).getByRole('button', { name: 'Continua con Klarna' }));
    const alert = await within(klarna).findByRole('alert');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_edicola');
    expect(confirmKlarnaPayment).toHaveBeenCalledWith('pi_klarna_1_secret_abc', {
      payment_method: {
        billing_details: {
          email: 'mario.rossi@example.it',
          name: 'Mario Rossi',
          address: { country: 'IT', line1: 'Via Toledo 1', city: 'Napoli', postal_code: '80134' },
        },
      },
      return_url: `${window.location.origin}/payment-success`,
    });
    expect(alert.textContent).toBe(
      'Pagamento rifiutato da Klarna. Prova con un altro metodo.' +
        'Il tuo ordine ORD-2C3D4E5F è stato registrato, ma il pagamento non è riuscito: ti contatteremo. Per assistenza: +39 081 555 0123 · negozio@edicola.example.',
    );

    confirmKlarnaPayment.mockResolvedValueOnce({ error: { type: 'validation_error' } });
    fireEvent.click(within(klarna).getByRole('button', { name: 'Continua con Klarna' }));
    await waitFor(() =>
      expect(within(klarna).getByRole('alert').textContent).toMatch(
        /^Dati di pagamento non validi\. Controlla i tuoi dati\./,
      ),
    );
    confirmKlarnaPayment.mockRejectedValueOnce(new Error('network'));
    fireEvent.click(within(klarna).getByRole('button', { name: 'Continua con Klarna' }));
    await waitFor(() =>
      expect(within(klarna).getByRole('alert').textContent).toMatch(
        /^Errore tecnico durante il pagamento\. Riprova tra qualche minuto\./,
      ),
    );
  });

  it("live without Stripe's key: 'Klarna non disponibile. Riprova.'", async () => {
    paymentsConfig = {
      ...paymentsConfig,
      mode: 'live',
      methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' },
      stripe: { demo: false, publishable_key: null },
    };
    routes['/orders'] = () => [201, order('klarna')];
    routes['/payments/klarna/create-intent'] = () => [200, intent(false)];
    const dialog = await toDetails(/^Klarna – Paga in 3 rate/);
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    const klarna = await screen.findByRole('dialog', { name: 'Pagamento con Klarna' });
    fireEvent.click(within(klarna).getByRole('button', { name: 'Continua con Klarna' }));
    expect((await within(klarna).findByRole('alert')).textContent).toBe('Klarna non disponibile. Riprova.');
  });
});

describe('Klarna pay-in-3 schedule', () => {
  it('today, +30 and +60 days, equal instalments (the odd cent first), dates in the language', async () => {
    const today = new Date(2026, 10, 22);
    const { unmount } = render(<KlarnaSchedule totalCents={10000} today={today} />);
    const rows = screen.getAllByTestId('klarna-instalment').map((row) => plain(row.textContent));
    expect(rows).toEqual([
      'Rata 1Oggi (22 novembre 2026)33,34 €',
      'Rata 222 dicembre 202633,33 €',
      'Rata 321 gennaio 202733,33 €',
    ]);
    expect(
      screen.getByText('3 rate uguali, senza interessi: oggi, dopo 30 giorni e dopo 60 giorni.'),
    ).toBeTruthy();
    unmount();
    await initTestI18n('en');
    try {
      render(<KlarnaSchedule totalCents={10000} today={today} />);
      expect(screen.getAllByTestId('klarna-instalment').map((row) => plain(row.textContent))).toEqual([
        'Instalment 1Today (22 November 2026)33,34 €',
        'Instalment 222 December 202633,33 €',
        'Instalment 321 January 202733,33 €',
      ]);
    } finally {
      await act(() => initTestI18n('it'));
    }
  });
});

describe('one checkout, one open order', () => {
  it('cancels the previous unpaid order before it creates another, and creates none while that cannot be done', async () => {
    // An earlier attempt's Klarna order is still open (the buyer came back from the provider's page).
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-old' }));
    let cancelAnswers: [number, unknown][] = [
      [503, { detail: 'Servizio non disponibile' }],
      [503, { detail: 'Servizio non disponibile' }],
      [200, { order_id: ORDER_ID, status: 'cancelled' }],
    ];
    routes[`/orders/${ORDER_ID}/cancel`] = () => cancelAnswers.shift()!;
    routes['/orders'] = () => [
      201,
      { ...order('transfer'), order_id: '9a1b2c3d-0000-4000-8000-000000000001' },
    ];
    const dialog = await toDetails(/^Bonifico/);
    // Opening the checkout tried at once (503: kept for later).
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual([`/orders/${ORDER_ID}/cancel`]));
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      `/orders/${ORDER_ID}/cancel`,
      `/orders/${ORDER_ID}/cancel`,
    ]);
    expect(sessionStorage.getItem(OPEN_ORDER_KEY)).not.toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/orders'));
    expect(calls.map((call) => call.path)).toEqual([
      `/orders/${ORDER_ID}/cancel`,
      `/orders/${ORDER_ID}/cancel`,
      `/orders/${ORDER_ID}/cancel`,
      '/orders',
    ]);
    expect(calls[2]!.body).toEqual({ cancel_token: 'tok-old' });
    expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull();
    cancelAnswers = [];
  });

  it('forgets an open order the server says is no longer cancellable (paid), and goes on', async () => {
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-paid' }));
    routes[`/orders/${ORDER_ID}/cancel`] = () => [409, { detail: "L'ordine non si può più annullare" }];
    await toDetails(/^Bonifico/);
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls.map((call) => call.path)).toEqual([`/orders/${ORDER_ID}/cancel`]);
  });
});
