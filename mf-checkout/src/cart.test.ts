import { addToCart, CART_STORAGE_KEY, countItems, readCart, writeCart } from './cart';

beforeEach(() => localStorage.clear());

describe('cart', () => {
  it('adds new lines and merges quantities of the same article', () => {
    let lines = addToCart([], { article_id: 'a1', quantity: 1 });
    lines = addToCart(lines, { article_id: 'a2', quantity: 2 });
    lines = addToCart(lines, { article_id: 'a1', quantity: 1 });
    expect(lines).toEqual([
      { article_id: 'a1', article: { id: 'a1' }, quantity: 2 },
      { article_id: 'a2', article: { id: 'a2' }, quantity: 2 },
    ]);
    expect(countItems(lines)).toBe(4);
  });

  it('removes a line whose quantity drops to 0 or less', () => {
    const lines = addToCart([{ article_id: 'a1', article: { id: 'a1' }, quantity: 1 }], {
      article_id: 'a1',
      quantity: -1,
    });
    expect(lines).toEqual([]);
  });

  it("round-trips through local storage 'cart' and drops malformed lines", () => {
    writeCart([{ article_id: 'a1', article: { id: 'a1' }, quantity: 3 }]);
    expect(readCart()).toEqual([{ article_id: 'a1', article: { id: 'a1' }, quantity: 3 }]);

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
