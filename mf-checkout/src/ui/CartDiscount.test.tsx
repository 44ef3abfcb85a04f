import { MemoryRouter } from 'react-router-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DISCOUNT_DETAILS, type CreateOrderResponse, type RuntimeConfig } from '@edicola/contracts';
import { jsonResponse } from '@edicola/web-testing';
import CartButton from './CartButton';
import { CART_STORAGE_KEY } from '../cart';
import { resetDraft } from '../checkoutDraft';
import { article, initTestI18n } from '../testSupport';

/** The cart's discount code (docs/product/cart-and-checkout.md#discount-codes): the server's answer decides. */

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
    discount_code: 'ESTATE10',
    discount_amount: 23.06,
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
    if (url.pathname === '/public/discounts/check') {
      if (String(body.code).toUpperCase() !== 'ESTATE10')
        return jsonResponse(422, { detail: DISCOUNT_DETAILS.unknown });
      return jsonResponse(200, {
        code: 'ESTATE10',
        kind: 'percent',
        discount_amount: 23.06,
        free_shipping: false,
        subtotal_amount: 230.58,
        discounted_subtotal: 207.52,
        lines: [{ article_id: ferrari.id, discount: 23.06 }],
      });
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

function applyCode(dialog: HTMLElement, code: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hai un codice sconto?' }));
  fireEvent.change(within(dialog).getByLabelText('Codice sconto'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Applica' }));
}

describe('discount code in the cart', () => {
  it("shows the server's refusal in its words and keeps the total", async () => {
    const dialog = await openCart();
    applyCode(dialog, 'NONVALE');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(DISCOUNT_DETAILS.unknown);
    expect(within(dialog).queryByTestId('cart-discount')).toBeNull();
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('239,58 €');
  });

  it('applies a code: the discount line and the new total; Rimuovi takes it off', async () => {
    const dialog = await openCart();
    applyCode(dialog, 'estate10');
    expect(plain((await within(dialog).findByTestId('cart-discount')).textContent)).toBe('−23,06 €');
    expect(within(dialog).getByText('Sconto (ESTATE10)')).toBeTruthy();
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('216,52 €');
    const check = calls.find((call) => call.url.endsWith('/public/discounts/check'))!;
    expect(check.body).toEqual({ code: 'estate10', lines: [{ article_id: ferrari.id, quantity: 1 }] });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimuovi il codice ESTATE10' }));
    expect(within(dialog).queryByTestId('cart-discount')).toBeNull();
    expect(plain(within(dialog).getByTestId('cart-total').textContent)).toBe('239,58 €');
  });

  it('sends the code with the order and the discounted total', async () => {
    const dialog = await openCart();
    applyCode(dialog, 'ESTATE10');
    await within(dialog).findByTestId('cart-discount');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Procedi al Pagamento' }));
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
    fireEvent.click(within(details).getByRole('button', { name: 'Conferma Ordine' }));
    await screen.findByRole('dialog', { name: 'Ordine confermato!' });
    const order = calls.find((call) => new URL(call.url).pathname === '/orders')!;
    expect(order.body).toMatchObject({ discount_code: 'ESTATE10', total_amount: 216.52 });
  });
});
