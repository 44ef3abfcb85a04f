import { ArticleForm } from './catalog';
import { attributeProblems, attributesOf, itemCondition } from './attributes';

const form = {
  sku: 'PKM-1',
  title: 'Charizard ex 151',
  description: 'Carta singola',
  category: 'Pokemon',
  price: '49.90',
  iva_percentage: '22',
};

describe('article attributes', () => {
  it('gives each category its set, and none to a category of no filter', () => {
    expect(attributesOf('Pokemon')).toContain('certificate_number');
    expect(attributesOf(' modellismo ')).toEqual(['scale', 'maker']);
    expect(attributesOf('Caschi')).toEqual(['size', 'replica_scale']);
    expect(attributesOf('Varie')).toEqual([]);
  });

  it('reads the attributes of a multipart form as JSON and drops the unset ones', () => {
    const parsed = ArticleForm.parse({
      ...form,
      attributes: JSON.stringify({ condition: 'near_mint', language: 'it', edition: null }),
    });
    expect(parsed.attributes).toEqual({ condition: 'near_mint', language: 'it' });
  });

  it('leaves the attributes out of a form that does not send them (a PUT keeps them)', () => {
    expect(ArticleForm.parse(form).attributes).toBeUndefined();
  });

  it.each([
    [{ scale: '1:18' }, "L'attributo scale non è previsto per la categoria Pokemon"],
    [{ grade: 10 }, 'Voto e certificato richiedono l’ente di gradazione'],
    [{ condition: 'played_a_lot' }, 'Condizione non valida'],
    [{ grader: 'PSA', grade: 9.3 }, 'Il voto va da 1 a 10 a mezzi punti'],
    [{ colour: 'red' }, 'Attributo sconosciuto'],
  ])('refuses %j with an Italian message', (attributes, message) => {
    const result = ArticleForm.safeParse({ ...form, attributes: JSON.stringify(attributes) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('refuses attributes that are not JSON', () => {
    const result = ArticleForm.safeParse({ ...form, attributes: '{condition' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Attributi non validi']);
  });

  it('lists no problem for a graded card', () => {
    expect(
      attributeProblems('Pokemon', { grader: 'PSA', grade: 10, certificate_number: '12345678' }),
    ).toEqual([]);
  });

  it('calls a Mint card or an article without condition new, a lower grade used', () => {
    expect(itemCondition({})).toBe('new');
    expect(itemCondition({ condition: 'mint' })).toBe('new');
    expect(itemCondition({ condition: 'near_mint' })).toBe('used');
  });
});
