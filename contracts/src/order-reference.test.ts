import { OrderLinkQuery, OrderPageQuery, orderReference } from './orders';
import { orderPagePath } from './storefront-paths';

describe('the one order reference and the order page address', () => {
  it("is 'ORD-' and the last 8 characters of the id, upper case, however the id is written", () => {
    const id = '9f1c2d3e-aaaa-bbbb-cccc-0123456789ab';
    expect(orderReference(id)).toBe('ORD-456789AB');
    expect(orderReference(id.toUpperCase())).toBe('ORD-456789AB');
    expect(orderReference(id.replace(/-/g, ''))).toBe('ORD-456789AB');
  });

  it("puts the order's token in the page address, encoded, or leaves it out for the signed-in owner", () => {
    const id = '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
    expect(orderPagePath(id, 'Vq3X-o0_b9')).toBe(`/ordini/${id}?t=Vq3X-o0_b9`);
    expect(orderPagePath(id, 'a+b/c')).toBe(`/ordini/${id}?t=a%2Bb%2Fc`);
    expect(orderPagePath(id)).toBe(`/ordini/${id}`);
  });

  it("names the e-mail's language in the address, Italian's without a prefix", () => {
    const id = '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
    expect(orderPagePath(id, 'tok', 'de')).toBe(`/de/ordini/${id}?t=tok`);
    expect(orderPagePath(id, 'tok', 'it')).toBe(`/ordini/${id}?t=tok`);
  });

  it('reads the token of the address: optional on the page, required for its documents, in Italian', () => {
    expect(OrderPageQuery.parse({})).toEqual({});
    expect(OrderPageQuery.parse({ t: 'abc' })).toEqual({ t: 'abc' });
    const missing = OrderLinkQuery.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.message).toBe("Link dell'ordine non valido");
    expect(OrderLinkQuery.safeParse({ t: 'x'.repeat(201) }).success).toBe(false);
  });
});
