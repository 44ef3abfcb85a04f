import {
  localizedPath,
  pathLanguage,
  unprefixedPath,
  isLocalizedPath,
  PRIVACY_PATH,
} from './storefront-paths';
import { SearchQuery } from './search';

describe('storefront paths per language', () => {
  it('reads the language of a prefixed address, none of an Italian or unknown one', () => {
    expect(pathLanguage('/de/prodotti/charizard')).toBe('de');
    expect(pathLanguage('/en')).toBe('en');
    expect(pathLanguage('/it/prodotti')).toBeUndefined();
    expect(pathLanguage('/denmark')).toBeUndefined();
    expect(pathLanguage('/prodotti')).toBeUndefined();
  });

  it('strips and adds the prefix of the indexable pages only', () => {
    expect(unprefixedPath('/de/prodotti/charizard')).toBe('/prodotti/charizard');
    expect(unprefixedPath('/en')).toBe('/');
    expect(localizedPath('de', '/')).toBe('/de/');
    expect(localizedPath('de', '/prodotti/categoria/pokemon')).toBe('/de/prodotti/categoria/pokemon');
    expect(localizedPath('de', '/cerca?q=casco')).toBe('/de/cerca?q=casco');
    expect(localizedPath('it', '/cerca')).toBe('/cerca');
    expect(localizedPath('de', '/profilo')).toBe('/profilo');
    expect(isLocalizedPath('/gestione')).toBe(false);
    expect(localizedPath('en', PRIVACY_PATH)).toBe('/en/privacy');
    expect(localizedPath('it', PRIVACY_PATH)).toBe('/privacy');
  });
});

describe('SearchQuery', () => {
  it('reads the query string into typed filters', () => {
    expect(SearchQuery.parse({ q: ' caschi ', min_price: '10', page: '2' })).toMatchObject({
      q: 'caschi',
      min_price: 10,
      page: 2,
      sort: 'relevance',
      page_size: 24,
    });
  });

  it('refuses a minimum above the maximum and a long text, in Italian', () => {
    expect(SearchQuery.safeParse({ min_price: '50', max_price: '10' }).error?.issues[0]?.message).toBe(
      'Il prezzo minimo supera il massimo',
    );
    expect(SearchQuery.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toMatch(/troppo lunga/);
  });
});
