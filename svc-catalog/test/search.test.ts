import request from 'supertest';
import { eq } from 'drizzle-orm';
import { Article, SearchResults, SearchSuggestions } from '@edicola/contracts';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { DEMO_ARTICLES } from '../src/demo/catalogue';
import { catalogService } from '../src/service';
import { articles } from '../src/db/schema';

/** A typo in a word: two inner letters swapped, or a letter doubled when they are the same. */
function misspelled(word: string): string {
  const i = Math.floor(word.length / 2);
  if (word[i] === word[i - 1]) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

/** The Italian plural of a singular, or the singular of a plural (casco ↔ caschi, bustina ↔ bustine). */
function otherNumber(word: string): string | null {
  if (/co$/.test(word)) return `${word.slice(0, -1)}hi`;
  if (/chi$/.test(word)) return `${word.slice(0, -2)}o`;
  if (/o$/.test(word)) return `${word.slice(0, -1)}i`;
  if (/a$/.test(word)) return `${word.slice(0, -1)}e`;
  if (/e$/.test(word)) return `${word.slice(0, -1)}i`;
  if (/i$/.test(word)) return `${word.slice(0, -1)}o`;
  return null;
}

/** The word a shopper would type for an article: the longest word of its title (letters only). */
const mainWord = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .sort((a, b) => b.length - a.length)[0]!;

describe('svc-catalog search (docs/product/article-pages.md#search)', () => {
  let catalog: TestService<unknown>;
  const api = () => request(catalog.service.app);
  const search = async (query: Record<string, string>) => {
    const res = await api().get('/public/search').query(query);
    expect(res.status).toBe(200);
    return SearchResults.parse(res.body);
  };
  const skus = (results: SearchResults) => results.items.map((a) => a.sku);

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: { DEMO_DATA: 'true' } });
  }, 60_000);
  afterAll(() => catalog?.stop());

  const active = DEMO_ARTICLES;

  it.each(active.map((a) => [a.sku, a.title] as const))(
    'finds %s by a misspelling of its main word and by its other grammatical number',
    async (sku, title) => {
      const word = mainWord(title);
      const typo = misspelled(word);
      expect(typo).not.toBe(word);
      const byTypo = await search({ q: typo, page_size: '48' });
      expect(skus(byTypo)).toContain(sku);
      const other = otherNumber(word);
      if (other && word.length >= 5) {
        const byNumber = await search({ q: other, page_size: '48' });
        expect(skus(byNumber)).toContain(sku);
      }
    },
  );

  it('corrects a typo with the article word it matched and ranks the exact match first', async () => {
    const results = await search({ q: 'charizzard' });
    expect(results.corrected).toBe('charizard');
    expect(results.items[0]!.title).toMatch(/Charizard/);
    expect((await search({ q: 'leclrec' })).items.map((a) => a.title)).toContain(
      'Ferrari SF-24 Charles Leclerc 1:18',
    );
    const exact = await search({ q: 'charizard' });
    expect(exact.corrected).toBeNull();
  });

  it('finds by stem both ways, accents ignored', async () => {
    const caschi = skus(await search({ q: 'caschi' }));
    const casco = skus(await search({ q: 'casco' }));
    expect(caschi.filter((s) => s.startsWith('HLM-')).sort()).toEqual(
      DEMO_ARTICLES.filter((a) => a.category === 'Caschi')
        .map((a) => a.sku)
        .sort(),
    );
    expect(casco.sort()).toEqual(caschi.sort());
    const plain = skus(await search({ q: 'pokemon', page_size: '48' }));
    const accented = skus(await search({ q: 'Pokémon', page_size: '48' }));
    expect(plain).toContain('PKM-151-BUST');
    expect(accented.sort()).toEqual(plain.sort());
  });

  it('matches the Italian words of attributes: language, condition, grading, scale', async () => {
    const italiano = skus(await search({ q: 'charizard italiano' }));
    expect(italiano[0]).toBe('PKM-CHAR-199-IT');
    expect(skus(await search({ q: 'near mint' }))).toEqual(
      expect.arrayContaining(['PKM-CHAR-199-IT', 'PKM-BLAS-BASE-CGC']),
    );
    expect(skus(await search({ q: 'psa 10' }))).toEqual(['PKM-MEW-205-PSA10']);
    const scale = skus(await search({ q: '1:18', page_size: '48' }));
    expect(scale).toEqual(expect.arrayContaining(['F1-SF24-LEC-18', 'F1-F2004-MSC-18', 'TUN-NSX-18']));
    expect(scale).not.toContain('F1-MCL38-NOR-43');
    expect(skus(await search({ q: 'giapponese' }))).toEqual(['PKM-UMB-215-JP']);
  });

  it('puts an exact SKU or EAN first', async () => {
    expect(skus(await search({ q: 'trk-fiat-682' }))[0]).toBe('TRK-FIAT-682');
    expect(skus(await search({ q: '2000000000015' }))).toEqual(['F1-SF24-LEC-18']);
  });

  it('requires every word, and a word with nothing like it finds nothing', async () => {
    const both = skus(await search({ q: 'ferrari hamilton' }));
    expect(both).toEqual(['F1-SF25-HAM-18']);
    const none = await search({ q: 'zzzqqqxxx' });
    expect(none).toMatchObject({ items: [], total: 0, corrected: null });
  });

  it('filters and counts facets with every other filter applied', async () => {
    const all = await search({ q: '' });
    expect(all.total).toBe(DEMO_ARTICLES.filter((a) => a).length);
    const pokemon = await search({ q: '', category: 'pokemon', page_size: '48' });
    expect(pokemon.items.every((a) => a.category === 'Pokemon')).toBe(true);
    // The category facet ignores the category filter: every category still has its count.
    expect(pokemon.facets.category.find((f) => f.value === 'caschi')?.count).toBe(3);
    expect(pokemon.facets.category.find((f) => f.value === 'pokemon')?.count).toBe(pokemon.total);
    const nearMint = await search({ q: '', category: 'pokemon', condition: 'near_mint' });
    expect(skus(nearMint).sort()).toEqual(['PKM-BLAS-BASE-CGC', 'PKM-CHAR-199-IT']);
    // The condition facet counts over the category's articles, not only the near-mint ones.
    expect(nearMint.facets.condition.map((f) => f.value).sort()).toEqual(
      ['excellent', 'light_played', 'mint', 'near_mint', 'played'].sort(),
    );
    expect(nearMint.facets.language).toEqual([{ value: 'it', count: 2 }]);
    const italianCards = await search({ q: '', language: 'it' });
    expect(skus(italianCards).sort()).toEqual(['PKM-BLAS-BASE-CGC', 'PKM-CHAR-199-IT', 'PKM-PIKA-SV-PL']);

    const soldOut = await search({ q: '', availability: 'out_of_stock' });
    expect(soldOut.items.every((a) => a.quantity_stock === 0)).toBe(true);
    expect(soldOut.total).toBeGreaterThan(0);
    const preorder = await search({ q: '', availability: 'preorder' });
    expect(preorder.items.every((a) => a.product_type === 'prevendita')).toBe(true);
    const sum = all.facets.availability.reduce((n, f) => n + f.count, 0);
    expect(sum).toBe(all.total);

    // Gross prices (VAT included): 129 € net + 22% = 157.38 €.
    const cheap = await search({ q: '', min_price: '150', max_price: '160', category: 'pokemon' });
    expect(skus(cheap)).toEqual(['PKM-CHAR-199-IT']);
  });

  it('sorts by price and pages the results', async () => {
    const ascending = await search({ q: '', sort: 'price_asc', page_size: '48' });
    const gross = ascending.items.map((a) => a.price * (1 + a.iva_percentage / 100));
    expect(gross).toEqual([...gross].sort((a, b) => a - b));
    const first = await search({ q: '', sort: 'price_asc', page_size: '5' });
    const second = await search({ q: '', sort: 'price_asc', page_size: '5', page: '2' });
    expect(skus(first)).toEqual(skus(ascending).slice(0, 5));
    expect(skus(second)).toEqual(skus(ascending).slice(5, 10));
    expect(second.total).toBe(ascending.total);
    const beyond = await search({ q: '', page: '100' });
    expect(beyond).toMatchObject({ items: [], total: ascending.total });
  });

  it('answers every article with its slug, photos and attributes', async () => {
    const [mew] = (await search({ q: 'mew psa' })).items;
    expect(mew).toMatchObject({
      slug: 'mew-ex-205-165-scarlatto-e-violetto-151-psa-10',
      attributes: {
        condition: 'mint',
        language: 'en',
        grader: 'PSA',
        grade: 10,
        certificate_number: '84512377',
      },
    });
    expect(mew!.photos).toHaveLength(2);
    expect(mew!.photos[0]!.url).toBe(mew!.photo_url);
    expect(mew!.photos[1]!.alt).toBe('Retro della custodia PSA della carta Mew ex');
  });

  it.each([
    [{ q: 'x'.repeat(101) }, 'Ricerca troppo lunga'],
    [{ category: 'nessuna' }, 'Categoria non valida'],
    [{ min_price: 'dieci' }, 'Il prezzo minimo deve essere un numero'],
    [{ min_price: '50', max_price: '10' }, 'Il prezzo minimo supera il massimo'],
    [{ condition: 'bella' }, 'Condizione non valida'],
    [{ sort: 'caso' }, 'Ordinamento non valido'],
  ])('refuses %j with 422 and an Italian detail', async (query, detail) => {
    const res = await api().get('/public/search').query(query);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it('survives any characters in the words', async () => {
    for (const q of ["l'auto", '100%', 'a_b', '\\', '(((', ':*', '!', '& | !', '"casco"']) {
      const res = await api().get('/public/search').query({ q });
      expect(res.status).toBe(200);
    }
    expect(skus(await search({ q: '"casco"' }))).toContain('HLM-LEC-24-12');
  });

  it('suggests from the first letters, and forgives typos', async () => {
    const suggest = async (q: string) => {
      const res = await api().get('/public/search/suggest').query({ q });
      expect(res.status).toBe(200);
      return SearchSuggestions.parse(res.body).suggestions;
    };
    const char = await suggest('char');
    expect(char.length).toBeGreaterThan(0);
    expect(char.length).toBeLessThanOrEqual(6);
    expect(char.every((s) => /charizard|charles/i.test(s.title))).toBe(true);
    expect((await suggest('c')).length).toBe(6);
    expect((await suggest('ferrari lec')).map((s) => s.title)).toEqual([
      'Ferrari SF-24 Charles Leclerc 1:18',
    ]);
    expect((await suggest('vestappen')).map((s) => s.title)).toEqual(['Red Bull RB20 Max Verstappen 1:43']);
    const empty = await api().get('/public/search/suggest').query({ q: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toContain('Scrivi qualcosa da cercare');
  });

  it('knows the words of a new article at once; the words of a deleted one find nothing', async () => {
    const db = catalog.testDatabase.database.db;
    await db.insert(articles).values({
      sku: 'PKM-SQUI-63',
      title: 'Squirtle 63/102 Set Base',
      description: 'Carta singola.',
      category: 'Pokemon',
      priceCents: 900,
      quantityStock: 1,
    });
    const typo = await search({ q: 'squirtel' });
    expect(skus(typo)).toEqual(['PKM-SQUI-63']);
    expect(typo.corrected).toBe('squirtle');
    await db
      .update(articles)
      .set({ title: 'Wartortle 42/102 Set Base' })
      .where(eq(articles.sku, 'PKM-SQUI-63'));
    expect(skus(await search({ q: 'wartotrle' }))).toEqual(['PKM-SQUI-63']);
    await db.update(articles).set({ deletedAt: new Date() }).where(eq(articles.sku, 'PKM-SQUI-63'));
    expect(await search({ q: 'wartotrle' })).toMatchObject({ items: [], total: 0, corrected: null });
  });

  it('finds an article page by its slug', async () => {
    const res = await api().get('/public/articles/by-slug/ferrari-sf-24-charles-leclerc-1-18');
    expect(res.status).toBe(200);
    expect(Article.parse(res.body).sku).toBe('F1-SF24-LEC-18');
    const missing = await api().get('/public/articles/by-slug/nessun-articolo');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Articolo non trovato' });
    expect((await api().get('/public/articles/by-slug/Maiuscole')).status).toBe(422);
  });
});
