import type { PricedLine } from './cart';
import { formatCents } from '@edicola/web-kit';
import { lineGrossCents, subtotalCents, unitGrossCents } from './pricing';
import { article } from './testSupport';

const line = (price: number, iva: number, quantity: number): PricedLine => ({
  article_id: 'x',
  article: article({ id: 'x', price, iva_percentage: iva }),
  quantity,
});

describe('pricing (docs/product/orders-and-payments.md#pricing)', () => {
  it('rounds the gross unit price to the cent, then multiplies by the quantity', () => {
    expect(unitGrossCents(line(189, 22, 1))).toBe(23058);
    // 0.99 × 1.22 = 1.2078 → 1.21 a piece; three pieces 3.63 (not 3.62 from rounding the line).
    expect(unitGrossCents(line(0.99, 22, 3))).toBe(121);
    expect(lineGrossCents(line(0.99, 22, 3))).toBe(363);
    expect(lineGrossCents(line(12.5, 0, 2))).toBe(2500);
    expect(subtotalCents([line(189, 22, 1), line(0.99, 22, 3), line(4.1, 4, 1)])).toBe(23058 + 363 + 426);
  });

  it('formats euros the Italian way with two decimals', () => {
    // CLDR it-IT groups from five digits: 1234,50 € but 12.345,67 €, as the catalogue shows them.
    expect(formatCents(1234567).replace(/\s/g, ' ')).toBe('12.345,67 €');
    expect(formatCents(900).replace(/\s/g, ' ')).toBe('9,00 €');
  });
});
