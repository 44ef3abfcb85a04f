import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import { createCatalogApi } from './api';
import PresaleSection from './pages/PresaleSection';
import RecentReviews from './pages/RecentReviews';
import ReviewPage from './pages/ReviewPage';
import { ReviewsModal } from './ui/ReviewsModal';
import { initTestI18n, jsonResponse, makeArticle } from './testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: true,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const review = {
  id: 'r1',
  article_id: 'a1',
  rating: 4,
  title: 'Bellissimo',
  comment: '<b>non è HTML</b>',
  customer_name: 'Maria',
  is_verified_purchase: true,
  helpful_count: 2,
  created_at: '2025-09-15T10:00:00.000Z',
  order_id: null,
  article_title: 'Ferrari SF-23 1:18',
  approved: true,
  admin_reply: null,
};

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
function serve(route: Route) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => route(url, init));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeEach(() => initTestI18n());

describe('reviews modal', () => {
  it('lists the reviews as text with stars, badge, author, date and a helpful button that counts', async () => {
    const fetchMock = serve((url) =>
      url.endsWith('/helpful')
        ? jsonResponse(200, { helpful_count: 3, counted: true })
        : jsonResponse(200, [review]),
    );
    const onClose = jest.fn();
    render(
      <ReviewsModal
        api={createCatalogApi('http://api.test')}
        articleId="a1"
        articleTitle="Ferrari"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Recensioni: Ferrari' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const item = (await within(dialog).findByRole('heading', { name: 'Bellissimo' })).closest('li')!;
    expect(within(item).getByRole('img', { name: '4 stelle su 5' })).toBeTruthy();
    expect(within(item).getByText('Acquisto verificato')).toBeTruthy();
    expect(within(item).getByText('<b>non è HTML</b>')).toBeTruthy();
    expect(item.querySelector('b')).toBeNull();
    expect(within(item).getByText('15/09/2025')).toBeTruthy();
    expect(item.textContent).toContain('di Maria');

    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Utile (2)' }));
    });
    expect(within(item).getByRole('button', { name: 'Utile (3)' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      'http://api.test/reviews/r1/helpful',
      expect.objectContaining({ method: 'POST' }),
    );

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the focus inside the dialog', async () => {
    serve(() => jsonResponse(200, []));
    render(
      <ReviewsModal
        api={createCatalogApi('http://api.test')}
        articleId="a1"
        articleTitle="F"
        onClose={() => {}}
      />,
    );
    await screen.findByText('Nessuna recensione ancora.');
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    const [first, last] = [buttons[0]!, buttons[buttons.length - 1]!];
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('writes a review: rating 5 by default, missing fields silently ignored, then the success message of docs/product/storefront.md#review-form', async () => {
    const fetchMock = serve((url, init) =>
      init?.method === 'POST' ? jsonResponse(201, { id: 'r2' }) : jsonResponse(200, []),
    );
    render(
      <ReviewsModal
        api={createCatalogApi('http://api.test')}
        articleId="a1"
        articleTitle="F"
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Lascia una recensione' }));
    const dialog = screen.getByRole('dialog', { name: 'Scrivi una recensione: F' });
    expect((within(dialog).getByLabelText('Valutazione') as HTMLSelectElement).value).toBe('5');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia recensione' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Nome *'), { target: { value: 'Luca' } });
    fireEvent.change(within(dialog).getByLabelText('Email *'), { target: { value: 'luca@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Titolo *'), { target: { value: 'Ottimo' } });
    fireEvent.change(within(dialog).getByLabelText('Commento *'), {
      target: { value: 'Arrivato in 2 giorni' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Invia recensione' }));
    });
    expect(within(dialog).getByRole('status').textContent).toBe(
      "Recensione inviata con successo! Grazie per il feedback. Sarà pubblicata dopo l'approvazione dello staff.",
    );
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      rating: 5,
      customer_name: 'Luca',
      customer_email: 'luca@example.com',
      title: 'Ottimo',
      comment: 'Arrivato in 2 giorni',
      article_id: 'a1',
      order_id: null,
      // The visitor's language travels with the review: its reply e-mail is written in it.
      language: 'it',
    });
  });
});

describe('/review page', () => {
  function renderReviewPage(search: string) {
    return render(
      <MemoryRouter initialEntries={[`/review${search}`]}>
        <ReviewPage config={config} />
      </MemoryRouter>,
    );
  }

  async function fillAndSend() {
    fireEvent.change(screen.getByLabelText('Nome *'), { target: { value: 'Luca' } });
    fireEvent.change(screen.getByLabelText('Titolo *'), { target: { value: 'Ottimo' } });
    fireEvent.change(screen.getByLabelText('Commento *'), { target: { value: 'Bene' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia recensione' }));
    });
  }

  it("prefills the e-mail, says 'Tutti i campi sono obbligatori', sends article_id and order_id", async () => {
    const fetchMock = serve((url) =>
      url.endsWith('/public/articles')
        ? jsonResponse(200, [makeArticle({ id: 'a1', title: 'Ferrari SF-23 1:18' })])
        : jsonResponse(201, {}),
    );
    renderReviewPage('?article_id=a1&order_id=o9&email=luca%40example.com');
    // The page says which article the e-mail's link is for.
    expect(await screen.findByText('Articolo: Ferrari SF-23 1:18')).toBeTruthy();
    expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('luca@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Invia recensione' }));
    expect(screen.getByRole('alert').textContent).toBe('Tutti i campi sono obbligatori');

    await fillAndSend();
    expect(screen.getByRole('status').textContent).toBe(
      "Recensione inviata con successo! Grazie per il feedback. Sarà pubblicata dopo l'approvazione dello staff.",
    );
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({
      article_id: 'a1',
      order_id: 'o9',
    });
  });

  it("shows the server's detail, else 'Errore nell'invio della recensione', and 'Errore di connessione'", async () => {
    serve(() => jsonResponse(400, { detail: 'Valutazione non valida' }));
    renderReviewPage('?article_id=a1&email=l%40e.it');
    await fillAndSend();
    expect(screen.getByRole('alert').textContent).toBe('Valutazione non valida');

    serve(() => jsonResponse(500, {}));
    await fillAndSend();
    expect(screen.getByRole('alert').textContent).toBe("Errore nell'invio della recensione");

    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await fillAndSend();
    expect(screen.getByRole('alert').textContent).toBe('Errore di connessione');
  });
});

describe('home widgets', () => {
  it('lists the recent reviews from GET /reviews/recent?limit=6', async () => {
    const fetchMock = serve(() => jsonResponse(200, [review, { ...review, id: 'r2', title: 'Consigliato' }]));
    render(
      <MemoryRouter>
        <RecentReviews config={config} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Consigliato' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Ferrari SF-23 1:18' })[0]!.getAttribute('href')).toBe(
      '/prodotti?article=a1',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/reviews/recent?limit=6');
  });

  it('shows pre-sale availability dates in the current language', async () => {
    serve(() =>
      jsonResponse(200, [
        makeArticle({ id: 'p1', product_type: 'prevendita', availability_date: '2025-12-01' }),
      ]),
    );
    const i18n = await initTestI18n('en');
    const { unmount } = render(
      <MemoryRouter>
        <PresaleSection config={config} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Available from 1 December 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ferrari SF-23 1:18' }).getAttribute('href')).toBe(
      '/prodotti?article=p1',
    );
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText(/1\. Dezember 2025/)).toBeTruthy();
    unmount();
  });
});
