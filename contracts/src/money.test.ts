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

  it('rounds half a cent up at the rates where a float formula rounds down (13 %, 15 %, 17 %)', () => {
    // 0,50 × 1,13 = 0,565; 0,10 × 1,15 = 0,115; 0,50 × 1,17 = 0,585 (as floats: 56.4999…, 11.4999…, 58.4999…)
    expect(grossCents(50, 13)).toBe(57);
    expect(grossCents(10, 15)).toBe(12);
    expect(grossCents(50, 17)).toBe(59);
    expect(grossPrice(0.5, 13)).toBe(0.57);
  });

  it('matches exact half-up rounding for every rate 0-100 and every price 0,01-9.999,99', () => {
    let wrong = 0;
    for (let iva = 0; iva <= 100; iva++) {
      // net × (100 + iva) in hundredths of a cent, kept as quotient and remainder by repeated addition
      let cents = 0;
      let rest = 0;
      for (let net = 1; net <= 999_999; net++) {
        rest += 100 + iva;
        while (rest >= 100) {
          rest -= 100;
          cents += 1;
        }
        const expected = rest >= 50 ? cents + 1 : cents;
        if (grossCents(net, iva) !== expected) wrong += 1;
        // the storefront's path, from euros (sampled: every price at the three rates that used to fail)
        if ((iva === 13 || iva === 15 || iva === 17) && grossPrice(net / 100, iva) !== expected / 100)
          wrong += 1;
      }
    }
    expect(wrong).toBe(0);
  });
});
