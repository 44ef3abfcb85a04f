import { ApiError } from '@edicola/web-kit';
import { cancelOpenOrder, forgetOpenOrder, OPEN_ORDER_KEY, openOrder, rememberOpenOrder } from './openOrder';

describe("the checkout's open order", () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps only the id and the token, and reads nothing from a damaged record', () => {
    rememberOpenOrder({ order_id: 'o-1', cancel_token: 't-1', status: 'pending' } as never);
    expect(JSON.parse(sessionStorage.getItem(OPEN_ORDER_KEY)!)).toEqual({
      order_id: 'o-1',
      cancel_token: 't-1',
    });
    expect(openOrder()).toEqual({ order_id: 'o-1', cancel_token: 't-1' });
    sessionStorage.setItem(OPEN_ORDER_KEY, '{"order_id": 3');
    expect(openOrder()).toBeNull();
    forgetOpenOrder();
    expect(sessionStorage.getItem(OPEN_ORDER_KEY)).toBeNull();
  });

  it('cancels it with its token and forgets it; a refusal (paid, unknown) forgets it too', async () => {
    const cancelOrder = jest.fn(async () => ({}));
    expect(await cancelOpenOrder({ cancelOrder })).toBe(false);
    expect(cancelOrder).not.toHaveBeenCalled();

    rememberOpenOrder({ order_id: 'o-1', cancel_token: 't-1' });
    expect(await cancelOpenOrder({ cancelOrder })).toBe(true);
    expect(cancelOrder).toHaveBeenCalledWith('o-1', 't-1');
    expect(openOrder()).toBeNull();

    rememberOpenOrder({ order_id: 'o-2', cancel_token: 't-2' });
    const paid = jest.fn(async () => Promise.reject(new ApiError(409, "L'ordine non si può più annullare")));
    expect(await cancelOpenOrder({ cancelOrder: paid })).toBe(true);
    expect(openOrder()).toBeNull();
  });

  it('keeps it and fails when the server cannot answer, so no second order is created meanwhile', async () => {
    rememberOpenOrder({ order_id: 'o-3', cancel_token: 't-3' });
    const down = jest.fn(async () => Promise.reject(new ApiError(503, 'Servizio non disponibile')));
    await expect(cancelOpenOrder({ cancelOrder: down })).rejects.toBeInstanceOf(ApiError);
    const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(cancelOpenOrder({ cancelOrder: offline })).rejects.toBeInstanceOf(TypeError);
    expect(openOrder()).toEqual({ order_id: 'o-3', cancel_token: 't-3' });
  });
});
