import {
  addToCart,
  CART_STORAGE_KEY,
  countItems,
  readCart,
  removeLine,
  repairCart,
  setQuantity,
  writeCart,
} from './cart';
import { article } from './testSupport';

beforeEach(() => localStorage.clear());

const ferrari = article({ id: 'a1', title: 'Ferrari F1-75 1:18', price: 189, quantity_stock: 3 });
const pikachu = article({
  id: 'a2',
  title: 'Pikachu VMAX',
  price: 25,
  iva_percentage: 22,
  quantity_stock: 5,
});

describe('cart', () => {
  it("adds new lines with the event's article and merges quantities of the same article", () => {
    let { lines } = addToCart([], { article_id: 'a1', quantity: 1, article: ferrari });
    ({ lines } = addToCart(lines, { article_id: 'a2', quantity: 2, article: pikachu }));
    ({ lines } = addToCart(lines, { article_id: 'a1', quantity: 1, article: ferrari }));
    expect(lines).toEqual([
      { article_id: 'a1', article: ferrari, quantity: 2 },
      { article_id: 'a2', article: pikachu, quantity: 2 },
    ]);
    expect(countItems(lines)).toBe(4);
  });

  it('never goes beyond the stock of the article and says so', () => {
    let change = addToCart([], { article_id: 'a1', quantity: 3, article: ferrari });
    expect(change.stockLimit).toBeUndefined();
    change = addToCart(change.lines, { article_id: 'a1', quantity: 1, article: ferrari });
    expect(change.lines[0]!.quantity).toBe(3);
    expect(change.stockLimit).toEqual({ title: 'Ferrari F1-75 1:18', available: 3 });

    const plus = setQuantity(change.lines, 'a1', 4);
    expect(plus.lines[0]!.quantity).toBe(3);
    expect(plus.stockLimit?.available).toBe(3);
    expect(setQuantity(change.lines, 'a1', 2)).toEqual({
      lines: [{ article_id: 'a1', article: ferrari, quantity: 2 }],
    });
  });

  it('removes a line whose quantity drops to 0 or less, or on remove', () => {
    const lines = [{ article_id: 'a1', article: ferrari, quantity: 1 }];
    expect(setQuantity(lines, 'a1', 0).lines).toEqual([]);
    expect(setQuantity(lines, 'a1', -2).lines).toEqual([]);
    expect(addToCart(lines, { article_id: 'a1', quantity: -1 }).lines).toEqual([]);
    expect(removeLine([...lines, { article_id: 'a2', article: pikachu, quantity: 1 }], 'a1')).toEqual([
      { article_id: 'a2', article: pikachu, quantity: 1 },
    ]);
  });

  it("round-trips through local storage 'cart' and drops malformed lines", () => {
    writeCart([{ article_id: 'a1', article: ferrari, quantity: 3 }]);
    expect(readCart()).toEqual([{ article_id: 'a1', article: ferrari, quantity: 3 }]);

    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { article_id: 'a1', article: { id: 'a1' }, quantity: 1 },
        { article_id: 'a2', quantity: 1 },
        { article_id: 'a3', article: { id: 'a3' }, quantity: 0 },
        'junk',
      ]),
    );
    expect(readCart()).toEqual([{ article_id: 'a1', article: { id: 'a1' }, quantity: 1 }]);

    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual([]);
  });
});

describe('repairCart', () => {
  it('drops lines without article price or title (docs/product/cart-and-checkout.md#cart-rules) when the catalogue is not known', () => {
    const repair = repairCart([
      { article_id: 'a1', article: ferrari, quantity: 1 },
      { article_id: 'a3', article: { id: 'a3', title: 'Senza prezzo' }, quantity: 1 },
      { article_id: 'a4', article: { id: 'a4' }, quantity: 2 },
    ]);
    expect(repair).toEqual({
      lines: [{ article_id: 'a1', article: ferrari, quantity: 1 }],
      dropped: 2,
      updated: 0,
    });
  });

  it('against the catalogue: drops vanished or sold-out articles, refreshes price and stock', () => {
    const now = [
      { ...ferrari, price: 199, quantity_stock: 2 },
      { ...pikachu, quantity_stock: 0 },
      article({ id: 'a4', title: 'Casco Leclerc', price: 300 }),
    ];
    const repair = repairCart(
      [
        { article_id: 'a1', article: ferrari, quantity: 3 },
        { article_id: 'a2', article: pikachu, quantity: 1 },
        { article_id: 'gone', article: article({ id: 'gone' }), quantity: 1 },
        // Added by an older page without the article: the catalogue completes it, no notice needed.
        { article_id: 'a4', article: { id: 'a4' }, quantity: 1 },
      ],
      now,
    );
    expect(repair.lines).toEqual([
      { article_id: 'a1', article: now[0], quantity: 2 },
      { article_id: 'a4', article: now[2], quantity: 1 },
    ]);
    expect(repair.dropped).toBe(2);
    expect(repair.updated).toBe(1);
  });

  it('drops an article not yet on sale and cuts a line to the per-buyer limit (docs/product/release-hour.md)', () => {
    const opens = '2026-12-05T17:00:00.000Z';
    const catalogue = [
      { ...ferrari, sale_starts_at: opens, max_per_buyer: 2 },
      { ...pikachu, max_per_buyer: 2 },
    ];
    const lines = [
      { article_id: 'a1', article: ferrari, quantity: 1 },
      { article_id: 'a2', article: pikachu, quantity: 3 },
    ];
    const before = repairCart(lines, catalogue, Date.parse(opens) - 1000);
    expect(before.lines).toEqual([{ article_id: 'a2', article: catalogue[1], quantity: 2 }]);
    expect(before.dropped).toBe(1);
    const after = repairCart(lines, catalogue, Date.parse(opens));
    expect(after.lines.map((line) => [line.article_id, line.quantity])).toEqual([
      ['a1', 1],
      ['a2', 2],
    ]);
  });

  it('leaves an up-to-date cart as it is', () => {
    const lines = [{ article_id: 'a1', article: ferrari, quantity: 1 }];
    expect(repairCart(lines, [ferrari, pikachu])).toEqual({ lines, dropped: 0, updated: 0 });
  });
});
