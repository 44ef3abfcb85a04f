import { centsToEuros, eurosToCents, grossCents, grossPrice } from './money';

describe('money', () => {
  it('converts euros to cents with rounding (price x 100 rounded)', () => {
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.295)).toBe(30);
    expect(centsToEuros(1999)).toBe(19.99);
  });

  it('adds VAT and rounds to the cent', () => {
    expect(grossCents(1000, 22)).toBe(1220);
    expect(grossCents(999, 22)).toBe(1219);
    expect(grossCents(1000, 0)).toBe(1000);
    expect(grossPrice(24.59, 22)).toBe(30);
  });
});
