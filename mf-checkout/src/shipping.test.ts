import { fallbackShippingCents, ZONE_COUNTRY } from './shipping';

describe('fallback shipping (docs/product/orders-and-payments.md#fallback-shipping)', () => {
  it.each([
    [1, 9],
    [2, 9],
    [3, 9],
    [4, 12],
    [6, 12],
    [7, 15],
    [10, 18],
  ])('national, %i items: %i €', (items, euros) => {
    expect(fallbackShippingCents('national', items)).toBe(euros * 100);
  });

  it.each([
    [1, 14],
    [4, 14],
    [5, 19],
    [8, 19],
    [9, 24],
    [12, 24],
    [13, 29],
    [16, 29],
    [17, 34],
  ])('international (EU), %i items: %i €', (items, euros) => {
    expect(fallbackShippingCents('international', items)).toBe(euros * 100);
  });

  it.each([
    [1, 25],
    [2, 30],
    [3, 35],
    [4, 40],
    [20, 40],
  ])('intercontinental, %i items: %i €', (items, euros) => {
    expect(fallbackShippingCents('intercontinental', items)).toBe(euros * 100);
  });

  it('costs nothing for an empty cart', () => {
    expect(fallbackShippingCents('national', 0)).toBe(0);
  });

  it('quotes each zone for its country (docs/product/cart-and-checkout.md#shipping-zone)', () => {
    expect(ZONE_COUNTRY).toEqual({ national: 'IT', international: 'FR', intercontinental: 'US' });
  });
});
