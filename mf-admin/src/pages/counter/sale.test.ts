import type { CounterArticle } from '@edicola/contracts';
import { addUnit, exactMatch, isRefusal, parseEuros, paymentState, vatShares, type SaleLine } from './sale';

const article = (changes: Partial<CounterArticle> = {}): CounterArticle => ({
  id: 'a1',
  sku: 'F1-312T',
  ean: '8001234567897',
  title: 'Ferrari 312T',
  photo_url: null,
  is_active: true,
  price: 40.9,
  iva_percentage: 22,
  gross_price: 49.9,
  quantity_stock: 2,
  held_by_unpaid_orders: 0,
  ...changes,
});

const line = (changes: Partial<SaleLine> = {}): SaleLine => ({
  article: article(),
  quantity: 1,
  unitPrice: 49.9,
  priceReason: null,
  ...changes,
});

describe('the sale on the counter screen', () => {
  it('reads amounts as people type them, and nothing else', () => {
    expect(parseEuros('12,50')).toBe(12.5);
    expect(parseEuros(' 20 ')).toBe(20);
    expect(parseEuros('12.')).toBe(12);
    expect(parseEuros('1,234')).toBeNaN();
    expect(parseEuros('-3')).toBeNaN();
    expect(parseEuros('dieci')).toBeNaN();
  });

  it('adds units up to the free stock, and refuses past it', () => {
    const once = addUnit([], article());
    const twice = addUnit(once as SaleLine[], article());
    expect((twice as SaleLine[])[0]!.quantity).toBe(2);
    expect(addUnit(twice as SaleLine[], article())).toEqual({ kind: 'noMore', available: 2 });
    expect(isRefusal(addUnit([], article({ quantity_stock: 0, held_by_unpaid_orders: 1 })))).toBe(true);
  });

  it('works VAT back from gross prices per rate, to the cent', () => {
    const shares = vatShares([
      line({ quantity: 2 }),
      line({ article: article({ id: 'a2', iva_percentage: 4 }), unitPrice: 4, quantity: 3 }),
    ]);
    expect(shares).toEqual([
      { rate: 22, total: 99.8, taxable: 81.8, vat: 18 },
      { rate: 4, total: 12, taxable: 11.54, vat: 0.46 },
    ]);
  });

  it('pays cash with change, card for the total, or a card part with cash for the rest', () => {
    expect(paymentState(10.3, { mode: 'cash', cashGiven: '20', cardPart: '' })).toEqual({
      payments: [{ method: 'cash', amount: 20 }],
      change: 9.7,
      missing: 0,
      invalid: false,
    });
    expect(paymentState(10.3, { mode: 'cash', cashGiven: '10', cardPart: '' }).missing).toBeCloseTo(0.3);
    expect(paymentState(10.3, { mode: 'card', cashGiven: '5', cardPart: '' }).payments).toEqual([
      { method: 'card', amount: 10.3 },
    ]);
    expect(paymentState(10.3, { mode: 'mixed', cashGiven: '5', cardPart: '5,30' })).toEqual({
      payments: [
        { method: 'card', amount: 5.3 },
        { method: 'cash', amount: 5 },
      ],
      change: 0,
      missing: 0,
      invalid: false,
    });
    // The card never pays more than is due; a mixed payment all on the card sends the card alone.
    expect(paymentState(10.3, { mode: 'mixed', cashGiven: '', cardPart: '11' }).invalid).toBe(true);
    expect(paymentState(10.3, { mode: 'mixed', cashGiven: '', cardPart: '10,30' }).payments).toEqual([
      { method: 'card', amount: 10.3 },
    ]);
  });

  it('names an article at once only when the code names one', () => {
    const other = article({ id: 'a2', sku: 'F1-312T-B', ean: null, title: 'Ferrari 312T B' });
    expect(exactMatch('8001234567897', [article(), other])?.id).toBe('a1');
    expect(exactMatch('f1-312t', [article(), other])?.id).toBe('a1');
    expect(exactMatch('Ferrari', [article(), other])).toBeNull();
    expect(exactMatch('Ferrari', [other])?.id).toBe('a2');
  });
});

describe('a gift card at the counter (docs/product/counter.md#gift-card-at-the-counter)', () => {
  const draft = { cashGiven: '', cardPart: '' };

  it('pays its part first; cash or card pays the rest, the change on the cash', () => {
    expect(
      paymentState(30, {
        ...draft,
        mode: 'cash',
        cashGiven: '20',
        giftCode: 'ABCD-2345-EFGH-6789',
        giftPart: '20',
      }),
    ).toEqual({
      payments: [
        { method: 'gift_card', amount: 20, code: 'ABCD-2345-EFGH-6789' },
        { method: 'cash', amount: 20 },
      ],
      change: 10,
      missing: 0,
      invalid: false,
    });
    expect(
      paymentState(30, { ...draft, mode: 'card', giftCode: 'ABCD-2345-EFGH-6789', giftPart: '12,50' })
        .payments,
    ).toEqual([
      { method: 'gift_card', amount: 12.5, code: 'ABCD-2345-EFGH-6789' },
      { method: 'card', amount: 17.5 },
    ]);
  });

  it('pays the whole total alone; a part without a code or above the total is not a payment', () => {
    expect(paymentState(20, { ...draft, mode: 'cash', giftCode: 'ABCD', giftPart: '20' }).payments).toEqual([
      { method: 'gift_card', amount: 20, code: 'ABCD' },
    ]);
    expect(paymentState(20, { ...draft, mode: 'cash', giftCode: '', giftPart: '5' }).invalid).toBe(true);
    expect(paymentState(20, { ...draft, mode: 'cash', giftCode: 'ABCD', giftPart: '25' }).invalid).toBe(true);
  });
});
