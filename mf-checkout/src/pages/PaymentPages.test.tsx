import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import { jsonResponse } from '@edicola/web-testing';
import { CART_STORAGE_KEY } from '../cart';
import { CHECKOUT_OPEN_DELAY_MS } from '../goToCheckout';
import PaymentPages from './PaymentPages';
import { POLL_LIMIT_MS, POLL_MS } from './SuccessPage';
import { OPEN_ORDER_KEY } from '../openOrder';
import { browser, KLARNA_CART_KEY, KLARNA_CUSTOMER_KEY } from '../payments';
import { initTestI18n } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const ORDER_ID = '7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f';
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

type Handler = (body: unknown) => [number, unknown];
let routes: Record<string, Handler>;
let calls: { method: string; path: string; body?: unknown }[];
let assigned: string[];

beforeAll(() => initTestI18n());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([{ article_id: 'a', article: { id: 'a' }, quantity: 1 }]),
  );
  routes = {};
  calls = [];
  assigned = [];
  jest.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  global.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { detail: 'Non trovato' });
    return jsonResponse(...handler(body));
  }) as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PaymentPages config={config} />
    </MemoryRouter>,
  );
}

const session = (status: string) => ({
  session_id: 'cs_test_1',
  order_id: ORDER_ID,
  order_reference: 'ORD-3C4D5E6F',
  total_amount: 239.58,
  status,
});

describe('/checkout/success (card)', () => {
  it('says it is confirming while the server says pending, then shows the paid order and removes the cart', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-en_1' }));
    const answers = ['pending', 'pending', 'paid'];
    routes['GET /checkout/session/cs_test_1'] = () => [200, session(answers.shift() ?? 'paid')];
    renderAt('/checkout/success?session_id=cs_test_1');
    const waiting = await screen.findByRole('status');
    expect(waiting.textContent).toBe('Stiamo confermando il tuo pagamento...');
    expect(document.title).toBe('Pagamento completato – Edicola Napoli');
    await act(() => jest.advanceTimersByTimeAsync(POLL_MS));
    expect(screen.getByTestId('payment-waiting')).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull(); // not before the server says paid
    await act(() => jest.advanceTimersByTimeAsync(POLL_MS));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento completato!' })).toBeTruthy();
    expect(screen.getByTestId('payment-reference').textContent).toBe('ORD-3C4D5E6F');
    expect(plain(screen.getByTestId('payment-total').textContent)).toBe('239,58 €');
    expect(screen.getByTestId('payment-status').textContent).toBe('Pagato');
    expect(screen.getByRole('link', { name: 'Torna alla Home' }).getAttribute('href')).toBe('/');
    // A guest's 'I miei ordini' is the order's page, with the token the checkout kept for it.
    expect(screen.getByRole('link', { name: 'I miei ordini' }).getAttribute('href')).toBe(
      `/ordini/${ORDER_ID}?t=tok-en_1`,
    );
    expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(calls.filter((c) => c.path === '/checkout/session/cs_test_1')).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('stops after about a minute and says the confirmation has not arrived yet, with the shop contacts', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    routes['GET /checkout/session/cs_test_1'] = () => [200, session('pending')];
    renderAt('/checkout/success?session_id=cs_test_1');
    await screen.findByRole('status');
    for (let waited = 0; waited <= POLL_LIMIT_MS; waited += POLL_MS) {
      await act(() => jest.advanceTimersByTimeAsync(POLL_MS));
    }
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento in attesa di conferma' }),
    ).toBeTruthy();
    const polls = calls.filter((c) => c.path === '/checkout/session/cs_test_1').length;
    expect(polls).toBeGreaterThanOrEqual(POLL_LIMIT_MS / POLL_MS);
    expect(polls).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_MS + 2);
    expect(screen.getByTestId('payment-contact').textContent).toBe(
      'Per assistenza chiamaci al +39 081 555 0123 o scrivi a negozio@edicola.example.',
    );
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it.each([
    ['expired', 'Pagamento scaduto', /l'ordine è stato annullato/],
    ['failed', 'Pagamento non riuscito', /Il tuo carrello è ancora disponibile/],
  ])('shows a %s payment clearly, with the phone, and keeps the cart', async (status, title, text) => {
    routes['GET /checkout/session/cs_test_1'] = () => [200, session(status)];
    renderAt('/checkout/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(text);
    expect(screen.getByTestId('payment-contact').textContent).toContain('+39 081 555 0123');
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('an unknown session is said so at once', async () => {
    renderAt('/checkout/success?session_id=cs_unknown');
    expect((await screen.findByRole('alert')).textContent).toBe('Non riusciamo a trovare questo pagamento.');
  });
});

describe('/checkout/success?provider=paypal', () => {
  const capture = (payment_status: string) => ({
    payment_status,
    order_id: 'PAYPAL-1',
    shop_order_id: ORDER_ID,
    order_reference: 'ORD-3C4D5E6F',
    total_amount: 48.9,
  });

  it('captures the approved order once, shows it paid and empties the cart at once', async () => {
    routes['POST /paypal/capture-order'] = () => [200, capture('paid')];
    renderAt('/checkout/success?provider=paypal&token=PAYPAL-1&PayerID=PAYER1');
    expect(screen.getByRole('status').textContent).toBe('Stiamo completando il pagamento PayPal...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento completato!' })).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Pagato');
    expect(plain(screen.getByTestId('payment-total').textContent)).toBe('48,90 €');
    expect(calls.filter((c) => c.path === '/paypal/capture-order')).toEqual([
      { method: 'POST', path: '/paypal/capture-order', body: { order_id: 'PAYPAL-1' } },
    ]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("leads a signed-in customer's 'I miei ordini' to /profilo", async () => {
    localStorage.setItem('customer_token', 'a-session');
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok' }));
    routes['POST /paypal/capture-order'] = () => [200, capture('paid')];
    renderAt('/checkout/success?provider=paypal&token=PAYPAL-1&PayerID=PAYER1');
    await screen.findByRole('heading', { level: 1, name: 'Pagamento completato!' });
    expect(screen.getByRole('link', { name: 'I miei ordini' }).getAttribute('href')).toBe('/profilo');
  });

  it("a capture that did not complete is 'Errore nel completamento del pagamento PayPal. Riprova.'", async () => {
    routes['POST /paypal/capture-order'] = () => [200, capture('failed')];
    renderAt('/checkout/success?provider=paypal&token=PAYPAL-1&PayerID=PAYER1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Errore nel completamento del pagamento PayPal. Riprova.',
    );
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it("a refused capture shows the server's detail too", async () => {
    routes['POST /paypal/capture-order'] = () => [409, { detail: 'Il pagamento è scaduto' }];
    renderAt('/checkout/success?provider=paypal&token=PAYPAL-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Errore nel completamento del pagamento PayPal. Riprova.Il pagamento è scaduto',
    );
  });
});

describe('/checkout/cancelled', () => {
  it('says no charge was made and the cart is still there, and cancels the card session once', async () => {
    routes['POST /checkout/session/cs_test_1/cancel'] = () => [200, session('expired')];
    renderAt('/checkout/cancelled?session_id=cs_test_1');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento annullato' })).toBeTruthy();
    expect(screen.getByTestId('payment-cancelled').textContent).toBe(
      "Non è stato effettuato alcun addebito.Il tuo carrello è ancora disponibile: puoi completare l'acquisto quando vuoi.",
    );
    expect(screen.getByRole('link', { name: 'Torna ai prodotti' }).getAttribute('href')).toBe('/prodotti');
    expect(screen.getByRole('link', { name: 'Torna alla Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/checkout/session/cs_test_1/cancel' });
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    expect(document.title).toBe('Pagamento annullato – Edicola Napoli');
  });

  it("cancels the checkout's open PayPal order with the token it kept, once", async () => {
    sessionStorage.setItem(
      OPEN_ORDER_KEY,
      JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-paypal' }),
    );
    routes[`POST /orders/${ORDER_ID}/cancel`] = () => [200, { order_id: ORDER_ID, status: 'cancelled' }];
    routes['POST /paypal/cancel-order'] = () => [
      200,
      {
        payment_status: 'expired',
        order_id: 'PAYPAL-1',
        shop_order_id: ORDER_ID,
        order_reference: 'ORD-3C4D5E6F',
        total_amount: 69.88,
      },
    ];
    renderAt('/checkout/cancelled?provider=paypal&token=PAYPAL-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento annullato' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls).toEqual([
      { method: 'POST', path: '/paypal/cancel-order', body: { order_id: 'PAYPAL-1' } },
      { method: 'POST', path: `/orders/${ORDER_ID}/cancel`, body: { cancel_token: 'tok-paypal' } },
    ]);
  });

  it('cancels the open card order too once the session is cancelled, and forgets it when it was paid', async () => {
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-card' }));
    routes['POST /checkout/session/cs_test_1/cancel'] = () => [200, session('expired')];
    routes[`POST /orders/${ORDER_ID}/cancel`] = () => [200, { order_id: ORDER_ID, status: 'cancelled' }];
    renderAt('/checkout/cancelled?session_id=cs_test_1');
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /checkout/session/cs_test_1/cancel',
      `POST /orders/${ORDER_ID}/cancel`,
    ]);
  });

  it('cancels the PayPal order PayPal’s cancel_url names, once', async () => {
    routes['POST /paypal/cancel-order'] = () => [
      200,
      {
        payment_status: 'expired',
        order_id: 'PAYPAL-1',
        shop_order_id: ORDER_ID,
        order_reference: 'ORD-3C4D5E6F',
        total_amount: 69.88,
      },
    ];
    renderAt('/checkout/cancelled?provider=paypal&token=PAYPAL-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento annullato' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/paypal/cancel-order',
      body: { order_id: 'PAYPAL-1' },
    });
  });

  it('goes to the success page when the session turns out paid', async () => {
    routes['POST /checkout/session/cs_test_1/cancel'] = () => [200, session('paid')];
    routes['GET /checkout/session/cs_test_1'] = () => [200, session('paid')];
    renderAt('/checkout/cancelled?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento completato!' })).toBeTruthy();
  });
});

describe('/payment-success (Klarna return)', () => {
  const verify = (status: string, intent_status: string) => ({
    payment_intent_id: 'pi_1',
    intent_status,
    status,
    order_id: ORDER_ID,
    order_reference: 'ORD-3C4D5E6F',
    total_amount: 120,
  });

  beforeEach(() => {
    sessionStorage.setItem(KLARNA_CART_KEY, '[]');
    sessionStorage.setItem(KLARNA_CUSTOMER_KEY, '{}');
  });

  it("missing parameters: 'Parametri di pagamento mancanti. Contattaci per assistenza.' and nothing called", async () => {
    renderAt('/payment-success?payment_intent=pi_1&redirect_status=succeeded');
    expect(screen.getByRole('alert').textContent).toBe(
      'Parametri di pagamento mancanti. Contattaci per assistenza.',
    );
    expect(screen.getByRole('link', { name: 'Torna alla Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('payment-contact')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('verifies on the server; paid: the order, the cart emptied and the Klarna record removed', async () => {
    routes['POST /payments/klarna/verify'] = () => [200, verify('paid', 'succeeded')];
    renderAt(
      '/payment-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded',
    );
    expect(screen.getByRole('status').textContent).toBe('Verifica del pagamento in corso...');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento Klarna completato!' }),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/payments/klarna/verify',
        body: { payment_intent_id: 'pi_1', client_secret: 'pi_1_secret_x' },
      },
    ]);
    expect(screen.getByTestId('payment-reference').textContent).toBe('ORD-3C4D5E6F');
    expect(plain(screen.getByTestId('payment-total').textContent)).toBe('120,00 €');
    // A guest whose checkout kept no token for the order: no 'I miei ordini' (the e-mail carries the link).
    expect(screen.queryByRole('link', { name: 'I miei ordini' })).toBeNull();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(KLARNA_CART_KEY)).toBeNull();
    expect(sessionStorage.getItem(KLARNA_CUSTOMER_KEY)).toBeNull();
  });

  it('not paid: the problem with the status and the store contacts; the cart stays', async () => {
    routes['POST /payments/klarna/verify'] = () => [200, verify('failed', 'requires_payment_method')];
    renderAt(
      '/payment-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=failed',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Problema con il pagamento' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Il pagamento non risulta completato (stato: Klarna non ha approvato il pagamento). Il tuo ordine ORD-3C4D5E6F non è stato pagato.',
    );
    expect(screen.getByTestId('payment-contact').textContent).toContain('negozio@edicola.example');
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    // Another try, or another method: the catalogue, where the checkout opens at the payment methods.
    const retry = screen.getByRole('link', { name: 'Riprova o scegli un altro metodo' });
    expect(retry.getAttribute('href')).toBe('/prodotti');
    const opened: unknown[] = [];
    const listen = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener('edicola:checkout-open', listen);
    try {
      jest.useFakeTimers();
      fireEvent.click(retry);
      jest.advanceTimersByTime(CHECKOUT_OPEN_DELAY_MS);
      expect(opened).toEqual([{ step: 'payment' }]);
    } finally {
      jest.useRealTimers();
      window.removeEventListener('edicola:checkout-open', listen);
    }
  });

  it('declined on Klarna’s page: the checkout cancels that order with its token at once', async () => {
    sessionStorage.setItem(
      OPEN_ORDER_KEY,
      JSON.stringify({ order_id: ORDER_ID, cancel_token: 'tok-klarna' }),
    );
    routes['POST /payments/klarna/verify'] = () => [200, verify('failed', 'requires_payment_method')];
    routes[`POST /orders/${ORDER_ID}/cancel`] = () => [200, { order_id: ORDER_ID, status: 'cancelled' }];
    renderAt(
      '/payment-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=failed',
    );
    await waitFor(() => expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /payments/klarna/verify',
      `POST /orders/${ORDER_ID}/cancel`,
    ]);
  });

  it('a failed verification says the staff will contact the customer', async () => {
    routes['POST /payments/klarna/verify'] = () => [503, { detail: 'Servizio non disponibile' }];
    renderAt('/payment-success?payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=failed');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Non siamo riusciti a verificare il pagamento: il nostro staff ti contatterà al più presto.',
    );
  });

  it('Klarna said succeeded but the server could not record it: the payment id and the detail', async () => {
    routes['POST /payments/klarna/verify'] = () => [502, { detail: 'Stripe non raggiungibile' }];
    renderAt('/payment-success?payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Il pagamento pi_1 risulta eseguito, ma non siamo riusciti a registrarlo (Stripe non raggiungibile): il nostro staff ti contatterà al più presto.',
    );
  });
});

describe('/pagamento-demo', () => {
  const view = (kind: string, status = 'open') => ({
    kind,
    id: 'cs_demo_1',
    order_reference: 'ORD-3C4D5E6F',
    customer_email: 'mario.rossi@example.it',
    amount: 100,
    currency: 'EUR',
    status,
    lines: [
      { name: 'Ferrari F1-75 1:18', quantity: 1, amount: 91 },
      { name: 'Spedizione', quantity: 1, amount: 9 },
    ],
  });

  it('card: marked DEMO, amount, reference and lines; Paga approves and goes where the server says', async () => {
    routes['GET /payments/demo/card/cs_demo_1'] = () => [200, view('card')];
    routes['POST /payments/demo/card/cs_demo_1/approve'] = () => [
      200,
      { redirect_url: 'http://shop.test/checkout/success?session_id=cs_demo_1' },
    ];
    renderAt('/pagamento-demo?kind=card&id=cs_demo_1');
    expect(screen.getByTestId('demo-banner').textContent).toBe(
      'DEMO Pagina di pagamento dimostrativa: nessun addebito reale',
    );
    expect(await screen.findByTestId('demo-amount')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento con carta' })).toBeTruthy();
    expect(plain(screen.getByTestId('demo-amount').textContent)).toBe('100,00 €');
    expect(screen.getByTestId('demo-reference').textContent).toBe('ORD-3C4D5E6F');
    expect(screen.getAllByTestId('demo-line').map((row) => plain(row.textContent))).toEqual([
      'Ferrari F1-75 1:18191,00 €',
      'Spedizione19,00 €',
    ]);
    expect(document.title).toBe('Pagamento dimostrativo – Edicola Napoli');
    fireEvent.click(screen.getByRole('button', { name: 'Paga' }));
    await waitFor(() => expect(assigned).toEqual(['http://shop.test/checkout/success?session_id=cs_demo_1']));
  });

  it('Rifiuta declines', async () => {
    routes['GET /payments/demo/card/cs_demo_1'] = () => [200, view('card')];
    routes['POST /payments/demo/card/cs_demo_1/decline'] = () => [
      200,
      { redirect_url: '/checkout/cancelled?session_id=cs_demo_1' },
    ];
    renderAt('/pagamento-demo?kind=card&id=cs_demo_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    await waitFor(() => expect(assigned).toEqual(['/checkout/cancelled?session_id=cs_demo_1']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /payments/demo/card/cs_demo_1',
      'POST /payments/demo/card/cs_demo_1/decline',
    ]);
  });

  it('Klarna: the pay-in-3 schedule, or the whole amount with option=now', async () => {
    routes['GET /payments/demo/klarna/cs_demo_1'] = () => [200, view('klarna')];
    const { unmount } = renderAt('/pagamento-demo?kind=klarna&id=cs_demo_1&option=in3');
    const schedule = await screen.findByTestId('klarna-schedule');
    expect(
      within(schedule)
        .getAllByTestId('klarna-instalment')
        .map((row) => plain(row.lastElementChild!.textContent)),
    ).toEqual(['33,34 €', '33,33 €', '33,33 €']);
    unmount();
    renderAt('/pagamento-demo?kind=klarna&id=cs_demo_1&option=now');
    expect(plain((await screen.findByTestId('klarna-pay-now')).textContent)).toBe(
      "Paghi oggi l'intero importo: 100,00 €.",
    );
    expect(screen.queryByTestId('klarna-schedule')).toBeNull();
  });

  it('PayPal: a PayPal-looking summary and Approva', async () => {
    routes['GET /payments/demo/paypal/PAYPAL-1'] = () => [200, { ...view('paypal'), id: 'PAYPAL-1' }];
    renderAt('/pagamento-demo?kind=paypal&id=PAYPAL-1');
    expect(await screen.findByText('Conto PayPal di prova: mario.rossi@example.it')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approva' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rifiuta' })).toBeTruthy();
  });

  it('an already decided payment says so and links back', async () => {
    routes['GET /payments/demo/card/cs_demo_1'] = () => [200, view('card', 'approved')];
    renderAt('/pagamento-demo?kind=card&id=cs_demo_1');
    expect((await screen.findByTestId('demo-decided')).textContent).toBe(
      'Questo pagamento è già stato approvato.',
    );
    expect(screen.queryByRole('button', { name: 'Paga' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Torna al negozio' }).getAttribute('href')).toBe('/');
  });

  it('an unknown payment, or a bad address, is said so', async () => {
    const { unmount } = renderAt('/pagamento-demo?kind=card&id=cs_nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Pagamento dimostrativo non trovato.');
    unmount();
    renderAt('/pagamento-demo?kind=bitcoin&id=x');
    expect(screen.getByRole('alert').textContent).toBe('Indirizzo del pagamento dimostrativo non valido.');
  });
});
