import { ApiError } from '@edicola/web-kit';
import { createCatalogApi } from './index';
import { htmlResponse, jsonResponse, makeArticle } from '../testSupport';

describe('createCatalogApi', () => {
  it('GETs each public list from the API base address and returns the validated articles', async () => {
    const article = makeArticle();
    const fetchImpl = jest.fn(async () => jsonResponse(200, [article]));
    const api = createCatalogApi('http://api.test:8080/', fetchImpl);

    await expect(api.listArticles()).resolves.toEqual([article]);
    await api.listPresale();
    await api.listReservation();

    const urls = fetchImpl.mock.calls.map((call: unknown[]) => call[0]);
    expect(urls).toEqual([
      'http://api.test:8080/public/articles',
      'http://api.test:8080/public/articles/prevendita',
      'http://api.test:8080/public/articles/prenotazione',
    ]);
  });

  it("throws an ApiError carrying the server's detail on a 4xx", async () => {
    const api = createCatalogApi('http://api.test', async () =>
      jsonResponse(404, { detail: 'Articoli non trovati' }),
    );
    const failure = api.listArticles();
    await expect(failure).rejects.toThrow('Articoli non trovati');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('falls back to the status when the error body has no detail', async () => {
    const api = createCatalogApi('http://api.test', async () => htmlResponse(502));
    await expect(api.listArticles()).rejects.toThrow('HTTP 502');
    const noDetail = createCatalogApi('http://api.test', async () => jsonResponse(400, { error: 'x' }));
    await expect(noDetail.listArticles()).rejects.toThrow('HTTP 400');
  });

  it('rejects a malformed payload', async () => {
    const broken = { ...makeArticle(), price: 'twelve' };
    const api = createCatalogApi('http://api.test', async () => jsonResponse(200, [broken]));
    await expect(api.listArticles()).rejects.toThrow(/unexpected response/);
    const notAList = createCatalogApi('http://api.test', async () => jsonResponse(200, { items: [] }));
    await expect(notAList.listPresale()).rejects.toThrow(/unexpected response/);
  });
});
