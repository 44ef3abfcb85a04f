import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import ArticlePage from './pages/ArticlePage';
import { initTestI18n, jsonResponse, makeArticle } from './testSupport';

// Its own file: which render is a visit's first is module state of ArticlePage.

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://api.test:8080',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

beforeAll(() => initTestI18n());

describe('the article page after the server first paint', () => {
  it('keeps the slot showing the first paint until its article arrives, with no loading outline between', async () => {
    const picture = document.createElement('div');
    picture.className = 'first-paint';
    picture.innerHTML = '<article class="cat-page cat-article"><h1>Ferrari SF-23 1:18</h1></article>';
    document.body.append(picture);
    let answer!: (response: Response) => void;
    const fetchMock = jest.fn((url: string) =>
      url.includes('/by-slug/')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(
            jsonResponse(200, url.includes('/stats/') ? { average_rating: 0, total_reviews: 0 } : []),
          ),
    );
    global.fetch = fetchMock as unknown as typeof fetch;

    await act(async () =>
      render(
        <MemoryRouter initialEntries={['/prodotti/ferrari-sf-23-1-18']}>
          <Suspense fallback={<p data-testid="slot-loading">picture of the article</p>}>
            <ArticlePage config={config} />
          </Suspense>
        </MemoryRouter>,
      ),
    );
    picture.remove();
    expect(screen.getByTestId('slot-loading')).toBeTruthy();
    expect(screen.queryByText("Caricamento dell'articolo…")).toBeNull();

    await act(async () => answer(jsonResponse(200, makeArticle())));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ferrari SF-23 1:18' })).toBeTruthy();
    expect(screen.queryByTestId('slot-loading')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/by-slug/'))).toHaveLength(1);
  });
});
