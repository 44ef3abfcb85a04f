import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, Link } from 'react-router-dom';
import { jsonResponse } from '@edicola/web-testing';
import { createShellApi } from './api';
import { initI18n } from './i18n';
import { NewsletterForm } from './ui/NewsletterForm';
import { ContactPage } from './pages/ContactPage';
import { NewsletterConfirmPage } from './pages/NewsletterConfirmPage';
import { UnsubscribePage } from './pages/UnsubscribePage';
import { VISIT_SESSION_KEY, useVisitTracking } from './visits';

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
function serve(route: Route) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => route(url, init));
  return { fetchMock, api: createShellApi('http://api.test/', fetchMock as unknown as typeof fetch) };
}
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await initI18n();
});

describe('newsletter form', () => {
  async function subscribe(email: string, name = '') {
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Nome (facoltativo)'), { target: { value: name } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Iscriviti' }));
    });
    return screen.getByRole('status').textContent;
  }

  it('subscribes with e-mail and optional name and gives every message of docs/product/storefront.md#newsletter-form', async () => {
    let already = false;
    let fail = false;
    let invalid = false;
    const { fetchMock, api } = serve(() =>
      invalid
        ? jsonResponse(422, { detail: 'Inserisci un indirizzo email valido' })
        : fail
          ? jsonResponse(503, { detail: 'x' })
          : jsonResponse(200, { message: 'Iscrizione completata!', already_subscribed: already }),
    );
    render(<NewsletterForm api={api} />);

    expect(await subscribe('   ')).toBe('Inserisci un indirizzo email valido');
    expect(fetchMock).not.toHaveBeenCalled();

    expect(await subscribe('anna@example.com', ' Anna ')).toBe(
      'Iscrizione completata! Controlla la tua email per la conferma.',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/newsletter/subscribe');
    // The page's language goes with it: the confirmation e-mail is written in it.
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      email: 'anna@example.com',
      name: 'Anna',
      language: 'it',
    });
    document.documentElement.setAttribute('lang', 'de');
    await subscribe('hans@example.de');
    document.documentElement.removeAttribute('lang');
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toMatchObject({ email: 'hans@example.de', language: 'de' });

    already = true;
    expect(await subscribe('anna@example.com')).toBe('Email già registrata alla newsletter!');
    expect(bodyOf(fetchMock.mock.calls[2]![1])).toEqual({
      email: 'anna@example.com',
      name: null,
      language: 'it',
    });

    // An address the server refuses (no domain) is called invalid, not a failure to try again later.
    invalid = true;
    expect(await subscribe('a@b')).toBe('Inserisci un indirizzo email valido');
    invalid = false;

    fail = true;
    expect(await subscribe('anna@example.com')).toBe("Errore nell'iscrizione. Riprova più tardi.");
  });
});

describe('/newsletter/confirm', () => {
  function renderPage(api: ReturnType<typeof createShellApi>, search = '') {
    render(
      <MemoryRouter initialEntries={[`/newsletter/confirm${search}`]}>
        <NewsletterConfirmPage api={api} />
      </MemoryRouter>,
    );
  }
  const confirm = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "Conferma l'iscrizione" }));
    });

  it("confirms the subscription with the link's token once the button is pressed", async () => {
    const { fetchMock, api } = serve(() => jsonResponse(200, { message: 'ok' }));
    renderPage(api, '?token=conf-1');
    expect(fetchMock).not.toHaveBeenCalled();
    await confirm();
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/newsletter/confirm');
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({ token: 'conf-1' });
    expect(screen.getByRole('status').textContent).toBe(
      'Iscrizione confermata! Riceverai la nostra newsletter.',
    );
  });

  it('says an unknown or used token (404), and a link without token', async () => {
    const { api } = serve(() => jsonResponse(404, { detail: 'x' }));
    renderPage(api, '?token=old');
    await confirm();
    expect(screen.getByRole('alert').textContent).toBe(
      'Token non valido o già utilizzato. Contattaci per assistenza.',
    );
  });

  it('offers nothing to press without a token', () => {
    renderPage(serve(() => jsonResponse(200, {})).api);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/^Token non valido/);
  });
});

describe('/newsletter/unsubscribe', () => {
  function renderPage(api: ReturnType<typeof createShellApi>, search = '') {
    render(
      <MemoryRouter initialEntries={[`/newsletter/unsubscribe${search}`]}>
        <UnsubscribePage api={api} />
      </MemoryRouter>,
    );
  }
  const submit = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancella iscrizione' }));
    });

  it('takes the token from the query and confirms the cancellation', async () => {
    const { fetchMock, api } = serve(() => jsonResponse(200, { unsubscribed: true }));
    renderPage(api, '?token=tok-123');
    expect((screen.getByLabelText('Codice di cancellazione') as HTMLInputElement).value).toBe('tok-123');
    await submit();
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({ token: 'tok-123' });
    expect(screen.getByRole('status').textContent).toMatch(/^Cancellazione completata con successo!/);
    expect(document.title).toBe('Cancellazione dalla newsletter – Edicola Napoli');
  });

  it('says an empty token, an unknown token (404) and any other failure apart', async () => {
    let status = 404;
    const { fetchMock, api } = serve(() => jsonResponse(status, { detail: 'Token non trovato' }));
    renderPage(api);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Inserisci un token di cancellazione valido');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Codice di cancellazione'), { target: { value: 'old' } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Token non valido o già utilizzato. Contattaci per assistenza.',
    );
    status = 500;
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Errore nella cancellazione. Riprova più tardi o contattaci direttamente.',
    );
  });
});

describe('/contatto message form', () => {
  it('requires name, e-mail and message, sends them to /contact/messages and confirms', async () => {
    const { fetchMock, api } = serve(() => jsonResponse(201, { id: 'm1' }));
    render(
      <MemoryRouter>
        <ContactPage api={api} />
      </MemoryRouter>,
    );
    const main = screen.getByRole('article');
    expect(within(main).getByRole('link', { name: /eBay/ }).getAttribute('target')).toBe('_blank');
    expect(within(main).getByRole('link', { name: /Subito/ })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia messaggio' }));
    });
    expect(screen.getByRole('alert').textContent).toBe("Compila nome, un'email valida e il messaggio.");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Nome *'), { target: { value: 'Gino' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'gino@example.com' } });
    fireEvent.change(screen.getByLabelText('Messaggio *'), { target: { value: 'Avete il casco 2024?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia messaggio' }));
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/contact/messages');
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      name: 'Gino',
      email: 'gino@example.com',
      telefono: null,
      messaggio: 'Avete il casco 2024?',
      language: 'it',
    });
    expect(screen.getByRole('status').textContent).toMatch(/^Messaggio inviato!/);
  });

  it("shows the server's detail for a refused message and the phone when the service fails", async () => {
    let status = 400;
    const { api } = serve(() => jsonResponse(status, { detail: 'Email non valida' }));
    render(
      <MemoryRouter>
        <ContactPage api={api} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Nome *'), { target: { value: 'Gino' } });
    fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'gino@x' } });
    fireEvent.change(screen.getByLabelText('Messaggio *'), { target: { value: 'Ciao' } });
    const send = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Invia messaggio' }));
      });
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Email non valida');
    status = 502;
    await send();
    expect(screen.getByRole('alert').textContent).toContain('+39 081 555 0123');
  });
});

describe('visit tracking', () => {
  it("sends the back office's stored staff token with a visit, so the staff's own browsing is not counted", async () => {
    localStorage.setItem('access_token', 'staff-token');
    try {
      const { fetchMock, api } = serve(() => jsonResponse(200, { recorded: false }));
      await api.trackVisit({ page_url: '/prodotti', page_title: 'Prodotti', referrer: '', session_id: 's' });
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('http://api.test/analytics/visit');
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer staff-token');
    } finally {
      localStorage.removeItem('access_token');
    }
  });

  function Tracked({ api }: { api: ReturnType<typeof createShellApi> }) {
    useVisitTracking(api);
    return <Link to="/prodotti?category=pokemon">next</Link>;
  }

  it('posts one visit per route change with the session id kept in sessionStorage, and ignores failures', async () => {
    jest.useFakeTimers();
    try {
      const { fetchMock, api } = serve(() => jsonResponse(503, {}));
      document.title = 'Home';
      render(
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="*" element={<Tracked api={api} />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(fetchMock).not.toHaveBeenCalled(); // never before the page rendered
      await act(async () => jest.advanceTimersByTime(1));
      fireEvent.click(screen.getByRole('link', { name: 'next' }));
      await act(async () => jest.advanceTimersByTime(1));

      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        'http://api.test/analytics/visit',
        'http://api.test/analytics/visit',
      ]);
      const [first, second] = fetchMock.mock.calls.map(([, init]) => bodyOf(init));
      expect(fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'))).toEqual(
        [null, null],
      );
      const sessionId = sessionStorage.getItem(VISIT_SESSION_KEY);
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(first).toEqual({ page_url: '/', page_title: 'Home', referrer: '', session_id: sessionId });
      expect(second).toMatchObject({ page_url: '/prodotti?category=pokemon', session_id: sessionId });
    } finally {
      jest.useRealTimers();
    }
  });
});
