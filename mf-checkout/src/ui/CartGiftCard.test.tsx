import { MemoryRouter } from 'react-router-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { GIFT_CARD_DETAILS, type CreateOrderResponse, type RuntimeConfig } from '@edicola/contracts';
import { jsonResponse } from '@edicola/web-testing';
import CartButton from './CartButton';
import { CART_STORAGE_KEY } from '../cart';
import { resetDraft } from '../checkoutDraft';
import { article, initTestI18n } from '../testSupport';

/** The cart's gift card (docs/product/cart-and-checkout.md#gift-cards): the server's balance decides what it pays. */

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
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

let calls: { url: string; body?: Record<string, unknown> }[];
let balance: number;

function confirmation(total: number): CreateOrderResponse {
  return {
    order_id: '7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f',
    order_reference: 'ORD-4D5E6F',
    status: 'pending',
    payment_status: 'pending',
    items: [],
    subtotal_amount: 230.58,
    shipping_cost: 9,
    total_amount: total,
    discount_code: null,
    discount_amount: 0,
    bank_transfer: {
      iban: 'IE29 AIBK 9311 5212 3456 78',
      holder: 'Edicola Napoli',
      bank_name: null,
      payment_reason: 'ORD-4D5E6F',
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
  balance = 50;
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([{ article_id: ferrari.id, article: ferrari, quantity: 1 }]),
  );
  global.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url: input, body });
    if (url.pathname === '/public/articles') return jsonResponse(200, [ferrari]);
    if (url.pathname === '/shipping/calculate')
      return jsonResponse(200, { shipping_cost: 9, zone: 'national', country: 'IT' });
    if (url.pathname === '/public/gift-cards/check') {
      if (String(body.code).replace(/[\s-]/g, '').toUpperCase() !== 'ABCD2345EFGH6789')
        return jsonResponse(422, { detail: GIFT_CARD_DETAILS.unknown });
      return jsonResponse(200, { code: 'ABCD-2345-EFGH-6789', balance, expires_on: '2027-11-29' });
    }
    if (url.pathname === '/orders') return jsonResponse(201, confirmation(body.total_amount as number));
    if (url.pathname === '/payments/config') {
      return jsonResponse(200, {
        mode: 'live',
        methods: { card: 'demo', klarna: 'demo', paypal: 'live', transfer: 'live' },
        stripe: { demo: true, publishable_key: null },
        paypal: { demo: false, client_id: 'client-live' },
        timeout_minutes: 30,
      });
    }
    return jsonResponse(404, { detail: 'Non trovato' });
  }) as unknown as typeof fetch;
});

async function openCart() {
  render(
    <MemoryRouter>
      <CartButton config={config} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Carrello – articoli/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Il tuo carrello' });
  await within(dialog).findByTestId('cart-shipping');
  return dialog;
}

function applyCard(dialog: HTMLElement, code: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hai un buono regalo?' }));
  fireEvent.change(within(dialog).getByLabelText('Codice del buono regalo'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Usa' }));
}

async function confirmByTransfer() {
  fireEvent.click(screen.getByRole('button', { name: 'Procedi al Pagamento' }));
  const payment = await screen.findByRole('dialog', { name: 'Scegli il metodo di pagamento' });
  fireEvent.click(within(payment).getByRole('button', { name: /Bonifico bancario/ }));
  const details = await screen.findByRole('dialog', { name: 'I tuoi dati' });
  for (const [label, value] of Object.entries({
    'Nome completo': 'Mario Rossi',
    Email: 'mario.rossi@example.it',
    Telefono: '+39 081 123 4567',
    'Indirizzo di spedizione': 'Via Toledo 1',
    Città: 'Napoli',
    CAP: '80134',
  })) {
    fireEvent.change(within(details).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
  return details;
}

describe('gift card in the cart', () => {
  it("shows the server's refusal in its words and nothing off", async () => {
    const dialog = await openCart();
    applyCard(dialog, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(GIFT_CARD_DETAILS.unknown);
    expect(within(dialog).queryByTestId('cart-gift-card')).toBeNull();
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('239,58 €');
  });

  it('pays part of the total: the total stays, the card line and what is left to pay; Rimuovi takes it off', async () => {
    const dialog = await openCart();
    applyCard(dialog, 'abcd 2345 efgh 6789');
    expect(plain((await within(dialog).findByTestId('cart-gift-card')).textContent)).toBe('−50,00 €');
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('239,58 €');
    expect(plain(within(dialog).getByTestId('cart-due').textContent)).toBe('189,58 €');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimuovi il buono regalo' }));
    expect(within(dialog).queryByTestId('cart-gift-card')).toBeNull();
  });

  it('sends the card with the order and the whole total; the details step asks for the rest', async () => {
    const dialog = await openCart();
    applyCard(dialog, 'ABCD-2345-EFGH-6789');
    await within(dialog).findByTestId('cart-gift-card');
    const details = await confirmByTransfer();
    expect(plain(within(details).getByTestId('details-total').textContent)).toBe('189,58 €');
    fireEvent.click(within(details).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const order = calls.find((call) => new URL(call.url).pathname === '/orders')!;
    expect(order.body).toMatchObject({ gift_card_code: 'ABCD-2345-EFGH-6789', total_amount: 239.58 });
  });
});
