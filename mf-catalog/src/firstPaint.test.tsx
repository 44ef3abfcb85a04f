import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import CatalogPage from './pages/CatalogPage';
import { initTestI18n, jsonResponse, makeArticle } from './testSupport';

// Its own file: which render is a visit's first is module state of CatalogPage.

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://api.test:8080',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

beforeAll(() => initTestI18n());

/** The list request waits for `answer`; review stats answer at once with no reviews. */
function serveLater() {
  let answer!: (response: Response) => void;
  const fetchMock = jest.fn((url: string) =>
    url.endsWith('/public/articles')
      ? new Promise<Response>((resolve) => {
          answer = resolve;
        })
      : Promise.resolve(jsonResponse(200, { average_rating: 0, total_reviews: 0 })),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  return { answer: (response: Response) => answer(response), fetchMock };
}

async function renderInSlot() {
  // What the shell's RemoteSlot does: a Suspense boundary whose fallback is the slot's loading view.
  // (An awaited act: React 19 asks for one around a render that suspends.)
  return act(async () =>
    render(
      <MemoryRouter initialEntries={['/prodotti']}>
        <Suspense fallback={<p data-testid="slot-loading">picture of the catalogue</p>}>
          <CatalogPage config={config} />
        </Suspense>
      </MemoryRouter>,
    ),
  );
}

describe('the catalogue after the server first paint', () => {
  it('keeps the slot showing the first paint until its list arrives, then shows the cards, with no loading state between', async () => {
    // The server's picture of the catalogue, as the shell keeps it in the slot (shell/src/firstPaint.ts).
    const picture = document.createElement('div');
    picture.className = 'first-paint';
    picture.innerHTML = '<section class="cat-page"><h1>Catalogo prodotti</h1></section>';
    document.body.append(picture);
    const server = serveLater();

    const view = await renderInSlot();
    picture.remove(); // the shell replaces it when it mounts
    expect(screen.getByTestId('slot-loading')).toBeTruthy();
    expect(screen.queryByText('Caricamento dei prodotti…')).toBeNull();

    await act(async () => server.answer(jsonResponse(200, [makeArticle()])));
    expect(await screen.findAllByTestId('article-card')).toHaveLength(1);
    expect(screen.queryByTestId('slot-loading')).toBeNull();
    const listCalls = server.fetchMock.mock.calls.filter(([url]) => url.endsWith('/public/articles'));
    expect(listCalls).toHaveLength(1); // the list waited for is the one shown: not asked twice
    view.unmount();

    // A later visit (in-app navigation) has no picture to keep: its own loading state, as before.
    const later = serveLater();
    await renderInSlot();
    expect(screen.getByRole('status').textContent).toBe('Caricamento dei prodotti…');
    await act(async () => later.answer(jsonResponse(200, [makeArticle()])));
    expect(await screen.findAllByTestId('article-card')).toHaveLength(1);
  });
});
