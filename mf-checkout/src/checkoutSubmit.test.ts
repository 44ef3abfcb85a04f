import { ERROR_CODES, TOTAL_MISMATCH_DETAIL } from '@edicola/contracts';
import { ApiError } from '@edicola/web-kit';
import type { CheckoutApi } from './api';
import type { PricedLine } from './cart';
import { EMPTY_FORM } from './checkoutForm';
import {
  isTotalMismatch,
  recheckCart,
  submitCheckout,
  type CheckoutOrder,
  type SubmitResult,
} from './checkoutSubmit';
import { OPEN_ORDER_KEY } from './openOrder';
import { createAttemptKeys, KLARNA_CART_KEY } from './payments';

const totalMismatch = new ApiError(
  422,
  TOTAL_MISMATCH_DETAIL,
  TOTAL_MISMATCH_DETAIL,
  ERROR_CODES.totalMismatch,
);
const line = {
  article_id: 'a-1',
  article: { id: 'a-1', title: 'Ferrari F1-75 1:18', price: 189, iva_percentage: 22 },
  quantity: 1,
} as PricedLine;

function checkout(api: Partial<CheckoutApi>): CheckoutOrder {
  return {
    api: { cancelOrder: jest.fn(async () => ({})), ...api } as CheckoutApi,
    lines: [line],
    zone: 'national',
    form: { ...EMPTY_FORM, name: 'Mario Rossi', email: 'mario.rossi@example.it' },
    total: 239.58,
    token: null,
  };
}
const failureOf = (result: SubmitResult) => (result.next === 'failed' ? result.failure : null);

beforeEach(() => sessionStorage.clear());

describe('the errors of a checkout', () => {
  it("is a total mismatch by its status and code, whatever the detail's words", () => {
    expect(isTotalMismatch(totalMismatch)).toBe(true);
    expect(isTotalMismatch(new ApiError(422, 'x', 'Totale cambiato', ERROR_CODES.totalMismatch))).toBe(true);
    expect(isTotalMismatch(new ApiError(422, TOTAL_MISMATCH_DETAIL, TOTAL_MISMATCH_DETAIL))).toBe(false);
    expect(isTotalMismatch(new ApiError(409, 'x', 'x', ERROR_CODES.totalMismatch))).toBe(false);
  });

  it('checks the cart again after a refused order (409, 422) or a PayPal conflict', () => {
    const conflict = new ApiError(409, 'x', 'Disponibilità insufficiente');
    expect(recheckCart({ reason: 'order', error: totalMismatch })).toBe(true);
    expect(recheckCart({ reason: 'order', error: conflict })).toBe(true);
    expect(recheckCart({ reason: 'order', error: new ApiError(503, 'x') })).toBe(false);
    expect(recheckCart({ reason: 'paypalRefused', error: conflict })).toBe(true);
    expect(recheckCart({ reason: 'paypalRefused', error: new ApiError(400, 'x') })).toBe(false);
    expect(recheckCart({ reason: 'cardPage' })).toBe(false);
  });
});

describe('submitting a checkout', () => {
  it('PayPal: a total mismatch is told as an order failure, other refusals and outages as PayPal ones', async () => {
    const attempts = createAttemptKeys();
    const paypal = (error: unknown) =>
      submitCheckout('paypal', checkout({ createPaypalOrder: jest.fn().mockRejectedValue(error) }), attempts);
    expect(failureOf(await paypal(totalMismatch))).toEqual({ reason: 'order', error: totalMismatch });
    const refused = new ApiError(400, 'x', 'Il CAP non è valido');
    expect(failureOf(await paypal(refused))).toEqual({ reason: 'paypalRefused', error: refused });
    expect(failureOf(await paypal(new ApiError(502, 'x')))).toEqual({ reason: 'paypalUnavailable' });
  });

  it("card: leaves for the session's page and keeps its open order; an answer without it is a cardPage failure", async () => {
    const attempts = createAttemptKeys();
    const session = { url: 'https://pay.test/cs_1', order_id: 'o-1', cancel_token: 'tok-1' };
    const ok = await submitCheckout(
      'card',
      checkout({ createCheckoutSession: jest.fn().mockResolvedValue(session) }),
      attempts,
    );
    expect(ok).toEqual({ next: 'redirect', url: 'https://pay.test/cs_1' });
    expect(JSON.parse(sessionStorage.getItem(OPEN_ORDER_KEY)!)).toEqual({
      order_id: 'o-1',
      cancel_token: 'tok-1',
    });
    const broken = checkout({ createCheckoutSession: jest.fn().mockRejectedValue(new Error('no url')) });
    expect(failureOf(await submitCheckout('card', broken, attempts))).toEqual({ reason: 'cardPage' });
  });

  it('Klarna: an intent that cannot be created drops the session record and keeps the detail', async () => {
    const placed = { order_id: 'o-1', cancel_token: 'tok-1', total_amount: 239.58, items: [] };
    const order = checkout({
      createOrder: jest.fn().mockResolvedValue(placed),
      createKlarnaIntent: jest.fn().mockRejectedValue(new ApiError(409, 'x', 'Ordine non in attesa')),
    });
    const result = await submitCheckout('klarna-now', order, createAttemptKeys());
    expect(failureOf(result)).toEqual({
      reason: 'klarnaIntent',
      method: 'klarna-now',
      detail: 'Ordine non in attesa',
    });
    expect(sessionStorage.getItem(KLARNA_CART_KEY)).toBeNull();
  });

  it("keeps the attempt's key for a retry; an earlier open order cancelled first starts a new attempt", async () => {
    const attempts = createAttemptKeys();
    const createOrder = jest.fn().mockRejectedValue(new ApiError(503, 'x'));
    const order = checkout({ createOrder });
    await submitCheckout('transfer', order, attempts);
    await submitCheckout('transfer', order, attempts);
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: 'o-0', cancel_token: 'tok-0' }));
    await submitCheckout('transfer', order, attempts);
    const keys = createOrder.mock.calls.map((call) => call[2]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(order.api.cancelOrder).toHaveBeenCalledWith('o-0', 'tok-0');
  });

  it('creates nothing while the earlier open order cannot be cancelled', async () => {
    sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify({ order_id: 'o-0', cancel_token: 'tok-0' }));
    const down = new ApiError(503, 'x', 'Servizio non disponibile');
    const createOrder = jest.fn();
    const order = checkout({ cancelOrder: jest.fn().mockRejectedValue(down), createOrder });
    expect(failureOf(await submitCheckout('transfer', order, createAttemptKeys()))).toEqual({
      reason: 'order',
      error: down,
    });
    expect(createOrder).not.toHaveBeenCalled();
  });
});
