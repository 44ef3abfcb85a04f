import { MemoryRouter, useLocation } from 'react-router-dom';
import { CHECKOUT_OPEN_DELAY_MS } from '../goToCheckout';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  CUSTOMER_TOKEN_KEY,
  ERROR_CODES,
  TOTAL_MISMATCH_DETAIL,
  type Article,
  type CreateOrderResponse,
  type Customer,
  type RuntimeConfig,
} from '@edicola/contracts';
import { emitDomEvent } from '@edicola/web-kit';
import { jsonResponse } from '@edicola/web-testing';
import CartButton from './CartButton';
import { CART_STORAGE_KEY, type CartLine } from '../cart';
import { resetDraft } from '../checkoutDraft';
import { checkoutEntryStep } from '../checkoutHistory';
import { CONFIRMATION_MS } from './Confirmation';
import { article, initTestI18n } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const ferrari = article({
  id: '0b6f3c1e-1111-4a5b-9c8d-000000000001',
  title: 'Ferrari F1-75 1:18',
  price: 189,
  iva_percentage: 22,
  quantity_stock: 3,
});
const album = article({
  id: '0b6f3c1e-1111-4a5b-9c8d-000000000002',
  title: 'Album Calciatori 2025',
  price: 3.5,
  iva_percentage: 0,
  quantity_stock: 10,
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

interface Server {
  articles: Article[];
  /** Euros, or an HTTP status to fail with. */
  shipping: (query: URLSearchParams) => number | 'fail';
  order: (body: Record<string, unknown>, headers: Record<string, string>) => [number, unknown];
  profile?: Customer;
}
let server: Server;
let calls: { method: string; url: string; body?: unknown; headers: Record<string, string> }[];

function confirmation(total: number): CreateOrderResponse {
  return {
    order_id: '7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f',
    order_reference: 'ORD-4D5E6F',
    status: 'pending',
    payment_status: 'pending',
    items: [],
    subtotal_amount: total - 9,
    shipping_cost: 9,
    total_amount: total,
    discount_code: null,
    discount_amount: 0,
    bank_transfer: {
      iban: 'IE29 AIBK 9311 5212 3456 78',
      holder: 'Edicola Napoli',
      bank_name: null,
      payment_reason: 'ORD-1A2B3C4D5E6F',
      amount: total,
      demo: true,
    },
    payment_due_at: '2026-12-01T10:00:00.000Z',
    cancel_token: 'cancel-token-transfer',
  };
}

beforeAll(() => initTestI18n());
beforeEach(() => {
  localStorage.clear();
  resetDraft();
  calls = [];
  server = {
    articles: [ferrari, album],
    shipping: (query) => ({ IT: 9, FR: 14, US: 25 })[query.get('country') as 'IT'] ?? 'fail',
    order: (body) => [201, confirmation(body.total_amount as number)],
  };
  global.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', url: input, body, headers });
    if (url.pathname === '/public/articles') return jsonResponse(200, server.articles);
    if (url.pathname === '/shipping/calculate') {
      const cost = server.shipping(url.searchParams);
      return cost === 'fail'
        ? jsonResponse(503, { detail: 'non disponibile' })
        : jsonResponse(200, { shipping_cost: cost, zone: 'national', country: 'IT' });
    }
    if (url.pathname === '/orders') return jsonResponse(...server.order(body, headers));
    if (url.pathname === '/payments/config') {
      return jsonResponse(200, {
        mode: 'live',
        methods: { card: 'demo', klarna: 'demo', paypal: 'live', transfer: 'live' },
        stripe: { demo: true, publishable_key: null },
        paypal: { demo: false, client_id: 'client-live' },
        timeout_minutes: 30,
      });
    }
    if (url.pathname === '/api/customers/profile' && server.profile) return jsonResponse(200, server.profile);
    return jsonResponse(404, { detail: 'Non trovato' });
  }) as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

function storeCart(lines: CartLine[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

async function openCart() {
  render(
    <MemoryRouter>
      <CartButton config={config} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
  return screen.findByRole('dialog', { name: 'Il tuo carrello' });
}

describe('cart modal', () => {
  it('shows each line with price + VAT = gross, the summary with shipping from the API, and the total', async () => {
    storeCart([
      { article_id: ferrari.id, article: ferrari, quantity: 1 },
      { article_id: album.id, article: album, quantity: 2 },
    ]);
    const dialog = await openCart();
    const lines = await within(dialog).findAllByTestId('cart-line');
    expect(plain(lines[0]!.textContent)).toContain('Ferrari F1-75 1:18189,00 € + IVA 22% = 230,58 €');
    expect(plain(lines[1]!.textContent)).toContain('3,50 € (Esente IVA) = 3,50 €');
    expect(plain(within(dialog).getByTestId('cart-subtotal').textContent)).toBe('237,58 €');
    expect(plain((await within(dialog).findByTestId('cart-shipping')).textContent)).toBe('9,00 €');
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('246,58 €');
    const quote = calls.find((call) => call.url.includes('/shipping/calculate'))!;
    expect(new URL(quote.url).searchParams.toString()).toBe('total_amount=237.58&quantity=3&country=IT');
  });

  it('changes quantities with minus and plus, stops at the stock with a message, removes lines', async () => {
    storeCart([{ article_id: ferrari.id, article: ferrari, quantity: 2 }]);
    const dialog = await openCart();
    await within(dialog).findAllByTestId('cart-line');
    const increase = within(dialog).getByRole('button', {
      name: 'Aumenta la quantità di Ferrari F1-75 1:18',
    });
    fireEvent.click(increase);
    expect(within(dialog).getByTestId('line-quantity').textContent).toBe('3');
    await within(dialog).findByTestId('cart-shipping'); // the new quote arrived
    fireEvent.click(increase);
    expect(within(dialog).getByTestId('line-quantity').textContent).toBe('3');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Disponibili solo 3 pezzi di «Ferrari F1-75 1:18»: non puoi aggiungerne altri.',
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('3');

    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Diminuisci la quantità di Ferrari F1-75 1:18' }),
    );
    expect(within(dialog).getByTestId('line-quantity').textContent).toBe('2');
    await within(dialog).findByTestId('cart-shipping'); // the new quote arrived
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimuovi Ferrari F1-75 1:18 dal carrello' }));
    expect(within(dialog).getByText('Il carrello è vuoto!')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Procedi al Pagamento' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([]);
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it("'Vai al Checkout' goes to /prodotti and opens the checkout at the payment methods about 1 s later", async () => {
    storeCart([{ article_id: ferrari.id, article: ferrari, quantity: 1 }]);
    let path = '';
    function Where() {
      path = useLocation().pathname;
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/chi-siamo']}>
        <CartButton config={config} />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
    const cart = await screen.findByRole('dialog', { name: 'Il tuo carrello' });
    await within(cart).findAllByTestId('cart-line');
    jest.useFakeTimers();
    fireEvent.click(within(cart).getByRole('button', { name: 'Vai al Checkout' }));
    expect(path).toBe('/prodotti');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void jest.advanceTimersByTime(CHECKOUT_OPEN_DELAY_MS));
    jest.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Scegli il metodo di pagamento' })).toBeTruthy();
  });

  it('a line taken to 0 with minus is removed', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await openCart();
    await within(dialog).findAllByTestId('cart-line');
    fireEvent.click(within(dialog).getByRole('button', { name: /Diminuisci/ }));
    expect(within(dialog).queryAllByTestId('cart-line')).toHaveLength(0);
    expect(within(dialog).getByText('Il carrello è vuoto!')).toBeTruthy();
  });

  it('refuses adding more than the stock from the catalogue event', () => {
    render(
      <MemoryRouter>
        <CartButton config={config} />
      </MemoryRouter>,
    );
    for (let i = 0; i < 4; i += 1) {
      act(
        () =>
          void emitDomEvent('edicola:cart-add', { article_id: ferrari.id, quantity: 1, article: ferrari }),
      );
    }
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByTestId('cart-notice').textContent).toBe(
      'Disponibili solo 3 pezzi di «Ferrari F1-75 1:18»: non puoi aggiungerne altri.',
    );
  });

  it('shows the intercontinental warning and quotes the zone for its country', async () => {
    storeCart([{ article_id: ferrari.id, article: ferrari, quantity: 1 }]);
    const dialog = await openCart();
    await within(dialog).findByTestId('cart-shipping');
    expect(within(dialog).queryByTestId('intercontinental-warning')).toBeNull();
    const zone = within(dialog).getByLabelText('Zona di spedizione');
    expect([...zone.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Italia',
      'Europa',
      'Extra-Europa',
    ]);
    fireEvent.change(zone, { target: { value: 'intercontinental' } });
    expect(within(dialog).getByTestId('intercontinental-warning').textContent).toBe(
      "Spedizione extra-europea: l'ordine sarà confermato dopo la verifica del costo di spedizione e dei dazi doganali.",
    );
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('cart-shipping').textContent)).toBe('25,00 €'),
    );
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('255,58 €');
  });

  it('falls back to the local estimate of docs/product/orders-and-payments.md#fallback-shipping when the shipping call fails', async () => {
    server.shipping = () => 'fail';
    storeCart([{ article_id: album.id, article: album, quantity: 5 }]);
    const dialog = await openCart();
    fireEvent.change(await within(dialog).findByLabelText('Zona di spedizione'), {
      target: { value: 'international' },
    });
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('cart-shipping').textContent)).toBe('19,00 €'),
    );
    expect(
      within(dialog).getByText('Stima: il servizio di calcolo della spedizione non risponde.'),
    ).toBeTruthy();
  });

  it('repairs the cart against the catalogue: vanished articles go, changed prices are refreshed', async () => {
    const cheaper = { ...ferrari, price: 150 };
    server.articles = [cheaper];
    storeCart([
      { article_id: ferrari.id, article: ferrari, quantity: 1 },
      { article_id: album.id, article: album, quantity: 1 },
    ]);
    const dialog = await openCart();
    await within(dialog).findByText(
      'Alcuni articoli del carrello sono stati aggiornati: prezzo o disponibilità sono cambiati.',
    );
    expect(
      within(dialog).getByText('Alcuni articoli non più disponibili sono stati tolti dal carrello.'),
    ).toBeTruthy();
    expect(within(dialog).getAllByTestId('cart-line')).toHaveLength(1);
    expect(plain(within(dialog).getByTestId('cart-subtotal').textContent)).toBe('183,00 €');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      { article_id: ferrari.id, article: cheaper, quantity: 1 },
    ]);
  });

  it("says 'Carrello vuoto o articoli corrotti' when no line is valid", async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ article_id: 'x1', article: { id: 'x1' }, quantity: 1 }]),
    );
    const dialog = await openCart();
    expect(await within(dialog).findByText('Carrello vuoto o articoli corrotti')).toBeTruthy();
  });

  it('closes with Escape and with Continua Shopping, and keeps focus inside while open', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await openCart();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continua Shopping' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

async function toDetails() {
  const dialog = await openCart();
  await within(dialog).findByTestId('cart-shipping');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Procedi al Pagamento' }));
  const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
  fireEvent.click(within(payment).getByRole('button', { name: /Bonifico bancario/ }));
  return screen.findByRole('dialog', { name: 'I tuoi dati' });
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

const GUEST = {
  'Nome completo': 'Mario Rossi',
  Email: 'mario.rossi@example.it',
  Telefono: '+39 081 123 4567',
  'Indirizzo di spedizione': 'Via Toledo 1',
  Città: 'Napoli',
  CAP: '80134',
};

describe("the browser's Back (docs/product/cart-and-checkout.md#back-button)", () => {
  it('closes the checkout on the same page, keeps what was typed, reopens on Forward; Chiudi leaves no entry', async () => {
    storeCart([{ article_id: ferrari.id, article: ferrari, quantity: 1 }]);
    window.history.replaceState({ idx: 0 }, '');
    const before = window.history.length;
    const details = await toDetails();
    expect(window.history.length).toBe(before + 1);
    expect(checkoutEntryStep()).toBe('cart');
    expect(window.history.state).toMatchObject({ idx: 0 }); // the router's index is kept
    fill(details, { 'Nome completo': 'Mario Rossi', CAP: '80134' });

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checkoutEntryStep()).toBeNull();
    expect(screen.getByRole('button', { name: /^Carrello – articoli/ })).toBeTruthy();

    act(() => window.history.forward());
    const cart = await screen.findByRole('dialog', { name: 'Il tuo carrello' });
    await within(cart).findByTestId('cart-shipping');
    fireEvent.click(within(cart).getByRole('button', { name: 'Procedi al Pagamento' }));
    const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    fireEvent.click(within(payment).getByRole('button', { name: /Bonifico bancario/ }));
    const again = await screen.findByRole('dialog', { name: 'I tuoi dati' });
    expect((within(again).getByLabelText(/^Nome completo/) as HTMLInputElement).value).toBe('Mario Rossi');
    expect((within(again).getByLabelText(/^CAP/) as HTMLInputElement).value).toBe('80134');

    fireEvent.click(within(again).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(checkoutEntryStep()).toBeNull());
    // Opening again takes the place of the closed checkout's entry: none is left behind.
    fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
    await screen.findByRole('dialog', { name: 'Il tuo carrello' });
    expect(window.history.length).toBe(before + 1);
    expect(checkoutEntryStep()).toBe('cart');
  });
});

describe('checkout', () => {
  it('lists every payment method, all available, says which run in demo mode; back to the cart', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await openCart();
    await within(dialog).findByTestId('cart-shipping');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Procedi al Pagamento' }));
    const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    expect(document.activeElement).toBe(payment); // the new step is announced, focus stays inside
    const methods = () =>
      within(payment)
        .getAllByRole('button')
        .filter((b) => b.classList.contains('cko-method'));
    expect(
      methods().map((b) => [
        b.querySelector('.cko-method-name')!.textContent,
        (b as HTMLButtonElement).disabled,
      ]),
    ).toEqual([
      ['Carta di credito o debito', false],
      ['Klarna – Paga in 3 rate senza interessi', false],
      ['Klarna – Paga ora', false],
      ['PayPal', false],
      ['Bonifico bancario', false],
    ]);
    // GET /payments/config: Stripe (card, Klarna) in demo mode, PayPal live.
    await waitFor(() => expect(within(payment).getAllByText('DEMO: nessun addebito reale')).toHaveLength(3));
    expect(methods().map((b) => b.querySelector('.cko-demo-tag') !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(calls.filter((call) => call.url.endsWith('/payments/config'))).toHaveLength(1);
    fireEvent.click(within(payment).getByRole('button', { name: 'Torna al Carrello' }));
    expect(await screen.findByRole('dialog', { name: 'Il tuo carrello' })).toBeTruthy();
  });

  it('names the missing required fields, ties each error to its field, and checks the e-mail', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'CAMPI OBBLIGATORI MANCANTI: Nome completo, Email, Telefono, Indirizzo di spedizione, Città, CAP',
    );
    const name = within(dialog).getByLabelText(/^Nome completo/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Campo obbligatorio',
    );
    expect(within(dialog).getByLabelText(/^CAP/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('alert'));

    fireEvent.change(name, { target: { value: 'Mario Rossi' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'CAMPI OBBLIGATORI MANCANTI: Email, Telefono, Indirizzo di spedizione, Città, CAP',
    );

    fill(dialog, { ...GUEST, Email: 'mario.rossi' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Inserisci una email valida per continuare');
    expect(calls.some((call) => call.url.endsWith('/orders'))).toBe(false);
  });

  it('links the privacy policy in a new tab next to the place-order button (docs/product/storefront.md#privacy)', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    const notice = within(dialog).getByTestId('privacy-notice');
    expect(notice.textContent).toContain(
      "Useremo questi dati solo per gestire l'ordine, la spedizione e la fattura.",
    );
    const link = within(notice).getByRole('link', { name: /Leggi l'informativa sulla privacy/ });
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    const actions = within(dialog).getByRole('button', { name: 'Conferma Ordine' }).closest('.cko-actions');
    expect(notice.closest('.cko-body')!.nextElementSibling).toBe(actions);
  });

  it('places a transfer order as a guest, shows IBAN, holder and reason, and empties the cart after 30 s', async () => {
    let release: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    storeCart([
      { article_id: ferrari.id, article: ferrari, quantity: 1 },
      { article_id: album.id, article: album, quantity: 2 },
    ]);
    const dialog = await toDetails();
    fill(dialog, { ...GUEST, CAP: '80134', 'Note per': 'Citofono Rossi' });
    // Fake timers from here (still flowing on their own), so the 30 s of the confirmation can be skipped.
    jest.useFakeTimers({ advanceTimers: true });
    // Slow the answer down: the button says 'Elaborazione...' and a second press sends nothing.
    const realFetch = global.fetch;
    global.fetch = jest.fn(async (...args: Parameters<typeof fetch>) => {
      await answered;
      return realFetch(...args);
    }) as unknown as typeof fetch;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    const busy = await within(dialog).findByRole('button', { name: 'Elaborazione...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(busy.closest('form')!);
    release!();

    const done = await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const posts = calls.filter((call) => call.url.endsWith('/orders'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.Authorization).toBeUndefined();
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(posts[0]!.body).toMatchObject({
      items: [
        { article_id: ferrari.id, quantity: 1 },
        { article_id: album.id, quantity: 2 },
      ],
      customer_info: {
        name: 'Mario Rossi',
        email: 'mario.rossi@example.it',
        phone: '+39 081 123 4567',
        address: 'Via Toledo 1',
        city: 'Napoli',
        zipCode: '80134',
        notes: 'Citofono Rossi',
      },
      payment_method: 'transfer',
      total_amount: 246.58,
      status: 'pending',
      shipping_zone: 'national',
    });
    expect((posts[0]!.body as { invoice_data?: unknown }).invoice_data).toBeUndefined();
    expect(within(done).getByTestId('order-reference').textContent).toBe('ORD-3C4D5E6F');
    expect(within(done).getByRole('link', { name: 'Segui il tuo ordine' }).getAttribute('href')).toBe(
      '/ordini/7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f?t=cancel-token-transfer',
    );
    expect(plain(within(done).getByTestId('order-total').textContent)).toBe('246,58 €');
    expect(within(done).getByTestId('transfer-iban').textContent).toBe('IE29 AIBK 9311 5212 3456 78');
    expect(within(done).getByTestId('transfer-holder').textContent).toBe('Edicola Napoli');
    expect(within(done).getByTestId('transfer-reason').textContent).toBe('ORD-1A2B3C4D5E6F');
    expect(within(done).getByRole('button', { name: 'Copia IBAN' })).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    act(() => jest.advanceTimersByTime(CONFIRMATION_MS - 1000));
    expect(screen.getByRole('dialog', { name: 'Ordine confermato!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it('asks the shipping country (Italy first) and derives the zone and the shipping cost from it', async () => {
    server.shipping = (query) =>
      ({ IT: 9, FR: 14, DE: 15, US: 25, CH: 27 })[query.get('country') as 'IT'] ?? 'fail';
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    const country = within(dialog).getByLabelText(/^Paese/) as HTMLSelectElement;
    const options = [...country.querySelectorAll('option')];
    expect(options[0]!.textContent).toBe('Italia');
    expect(country.value).toBe('IT');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Germania', 'Svizzera', 'Stati Uniti']),
    );
    // After Italy, in the order of the shopper's language.
    const names = options.slice(1).map((o) => o.textContent!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('details-total').textContent)).toBe('12,50 €'),
    );

    // Switzerland is outside the EU: intercontinental, quoted for Switzerland itself.
    fireEvent.change(country, { target: { value: 'CH' } });
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('details-total').textContent)).toBe('30,50 €'),
    );
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const [post] = calls.filter((call) => call.url.endsWith('/orders'));
    expect(post!.body).toMatchObject({
      customer_info: { country: 'CH' },
      shipping_zone: 'intercontinental',
      total_amount: 30.5,
    });
  });

  it('asks the country again when the cart goes to another zone, and keeps the zone of the chosen country', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await openCart();
    await within(dialog).findByTestId('cart-shipping');
    fireEvent.change(within(dialog).getByLabelText('Zona di spedizione'), {
      target: { value: 'international' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Procedi al Pagamento' }));
    const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
    fireEvent.click(within(payment).getByRole('button', { name: /Bonifico bancario/ }));
    const details = await screen.findByRole('dialog', { name: 'I tuoi dati' });
    const country = within(details).getByLabelText(/^Paese/) as HTMLSelectElement;
    expect(country.value).toBe('');
    fill(details, GUEST);
    fireEvent.click(within(details).getByRole('button', { name: 'Conferma Ordine' }));
    expect(within(details).getByRole('alert').textContent).toBe('CAMPI OBBLIGATORI MANCANTI: Paese');
    expect(calls.some((call) => call.url.endsWith('/orders'))).toBe(false);
    fireEvent.change(country, { target: { value: 'FR' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const [post] = calls.filter((call) => call.url.endsWith('/orders'));
    expect(post!.body).toMatchObject({ customer_info: { country: 'FR' }, shipping_zone: 'international' });
  });

  it("shows 'Errore nel calcolo del totale. Riprova.' for the server's total mismatch", async () => {
    server.order = () => [422, { detail: TOTAL_MISMATCH_DETAIL, code: ERROR_CODES.totalMismatch }];
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Errore nel calcolo del totale. Riprova.',
    );
  });

  it("shows the server's detail and the shop's phone when the order fails", async () => {
    server.order = () => [
      409,
      { detail: "Disponibilità insufficiente per l'articolo Album Calciatori 2025" },
    ];
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Errore nell'invio dell'ordine: Disponibilità insufficiente per l'articolo Album Calciatori 2025. Per assistenza chiamaci al +39 081 555 0123.",
    );
    expect(within(dialog).getByRole('button', { name: 'Conferma Ordine' })).toBeTruthy();
  });

  it('sends a company invoice request, with the codes upper-cased and cut to their length', async () => {
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    fill(dialog, GUEST);
    fireEvent.click(within(dialog).getByLabelText('Richiedi fattura'));
    fireEvent.click(within(dialog).getByLabelText('Azienda'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'CAMPI OBBLIGATORI MANCANTI: Ragione sociale, Partita IVA, Codice fiscale azienda',
    );
    fill(dialog, {
      CAP: '80132',
      'Ragione sociale': 'Modellismo Partenopeo S.r.l.',
      'Partita IVA': '011146010069999',
      'Codice fiscale azienda': '01114601006',
      PEC: 'amministrazione@pec.example.it',
      'Codice SDI': 'abc1234xyz',
    });
    expect((within(dialog).getByLabelText(/^Partita IVA/) as HTMLInputElement).value).toBe('01114601006');
    expect((within(dialog).getByLabelText(/^Codice SDI/) as HTMLInputElement).value).toBe('ABC1234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    expect(calls.find((call) => call.url.endsWith('/orders'))!.body).toMatchObject({
      invoice_data: {
        requires_invoice: true,
        invoice_type: 'azienda',
        codice_fiscale: null,
        ragione_sociale: 'Modellismo Partenopeo S.r.l.',
        piva: '01114601006',
        codice_fiscale_azienda: '01114601006',
        pec: 'amministrazione@pec.example.it',
        sdi: 'ABC1234',
      },
    });
  });

  it("prefills a logged-in company's details, locks its invoice data and sends its token", async () => {
    localStorage.setItem(CUSTOMER_TOKEN_KEY, 'token-azienda');
    server.profile = {
      customer_id: 'c1',
      email: 'ordini@partenopeo.example.it',
      telefono: '+39 081 765 4321',
      tipo_cliente: 'azienda',
      dati_privato: null,
      dati_azienda: {
        ragione_sociale: 'Modellismo Partenopeo S.r.l.',
        piva: '01114601006',
        codice_fiscale_azienda: '01114601006',
        pec: null,
        sdi: 'ABC1234',
        referente: 'Anna Esposito',
      },
      indirizzo: { street: 'Via Chiaia 10', city: 'Napoli', province: 'NA', cap: '80121' },
    };
    storeCart([{ article_id: album.id, article: album, quantity: 1 }]);
    const dialog = await toDetails();
    await within(dialog).findByText(/Cliente azienda: la fattura è obbligatoria/);
    expect((within(dialog).getByLabelText(/^Nome completo/) as HTMLInputElement).value).toBe('Anna Esposito');
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe(
      'ordini@partenopeo.example.it',
    );
    expect((within(dialog).getByLabelText(/^Indirizzo/) as HTMLInputElement).value).toBe('Via Chiaia 10');
    const piva = within(dialog).getByLabelText(/^Partita IVA/) as HTMLInputElement;
    expect([piva.value, piva.readOnly]).toEqual(['01114601006', true]);
    expect(within(dialog).queryByLabelText('Richiedi fattura')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const post = calls.find((call) => call.url.endsWith('/orders'))!;
    expect(post.headers.Authorization).toBe('Bearer token-azienda');
    expect(post.body).toMatchObject({
      invoice_data: { requires_invoice: true, invoice_type: 'azienda', sdi: 'ABC1234' },
    });
  });
});
