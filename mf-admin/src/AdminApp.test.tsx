import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import AdminApp from './AdminApp';
import { initTestI18n, jsonResponse } from './testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test:8080',
  mediaBaseUrl: 'http://api.test:8080',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const session = {
  access_token: 'tok-1',
  token_type: 'bearer',
  user_id: 'u1',
  username: 'gennaro',
  role: 'admin',
};
const me = { user_id: 'u1', username: 'gennaro', role: 'admin' };

function Location() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

/** Mounts AdminApp the way the shell does: under /gestione/*. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/gestione/*" element={<AdminApp config={config} />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

/** Routes fetch by URL: each handler answers [status, body]. */
function serve(handlers: Record<string, (init?: RequestInit) => [number, unknown]>) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[url];
    if (!handler) throw new Error(`unexpected fetch ${url}`);
    const [status, body] = handler(init);
    return jsonResponse(status, body);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

function fillLogin(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Nome utente'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
}

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('AdminApp', () => {
  it('logs in, stores the token as access_token and token, and opens /gestione', async () => {
    const fetchMock = serve({
      'http://api.test:8080/api/auth/login': () => [200, session],
      'http://api.test:8080/api/auth/me': () => [200, me],
    });
    renderAt('/gestione/login');
    expect(screen.getByRole('heading', { name: 'Accesso staff' })).toBeTruthy();
    expect(document.title).toBe('Accesso staff – Edicola Napoli');
    // docs/product/account.md#password-reset
    expect(screen.getByRole('link', { name: 'Password dimenticata?' }).getAttribute('href')).toBe(
      '/password-dimenticata',
    );

    fillLogin('gennaro', 'pizza');

    expect(await screen.findByTestId('staff-username')).toBeTruthy();
    expect(screen.getByTestId('staff-username').textContent).toBe('gennaro');
    await waitFor(() => expect(location()).toBe('/gestione'));
    expect(localStorage.getItem('access_token')).toBe('tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      body: JSON.stringify({ username: 'gennaro', password: 'pizza' }),
    });
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ headers: { Authorization: 'Bearer tok-1' } });
  });

  it("shows the server's detail, or 'Errore di login' when there is none", async () => {
    let answer: [number, unknown] = [401, { detail: 'Credenziali non valide' }];
    serve({ 'http://api.test:8080/api/auth/login': () => answer });
    renderAt('/gestione/login');

    fillLogin('gennaro', 'sbagliata');
    expect((await screen.findByRole('alert')).textContent).toBe('Credenziali non valide');

    answer = [500, {}];
    fillLogin('gennaro', 'sbagliata');
    expect((await screen.findByText('Errore di login')).getAttribute('role')).toBe('alert');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(location()).toBe('/gestione/login');
  });

  it('titles the login page in the language chosen', async () => {
    await initTestI18n('de');
    try {
      renderAt('/gestione/login');
      expect(document.title).toBe('Mitarbeiter-Anmeldung – Edicola Napoli');
    } finally {
      await initTestI18n('it');
    }
  });

  it('requires both fields before calling the API, marking and focusing the empty one', () => {
    const fetchMock = serve({});
    renderAt('/gestione/login');
    fillLogin('gennaro', '');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Inserisci nome utente e password.');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByLabelText('Nome utente').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(password);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows a logout made in another tab', async () => {
    localStorage.setItem('access_token', 'tok-1');
    serve({ 'http://api.test:8080/api/auth/me': () => [200, me] });
    renderAt('/gestione');
    expect(await screen.findByTestId('staff-username')).toBeTruthy();
    localStorage.removeItem('access_token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }));
    });
    expect(location()).toBe('/gestione/login');
  });

  it('sends a visitor without a token from /gestione to the login page', () => {
    serve({});
    renderAt('/gestione');
    expect(location()).toBe('/gestione/login');
  });

  it('removes an invalid token and redirects to the login page', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('token', 'expired');
    serve({ 'http://api.test:8080/api/auth/me': () => [401, { detail: 'Token non valido' }] });
    renderAt('/gestione');
    expect(screen.getByRole('status').textContent).toBe('Verifica della sessione…');

    expect(await screen.findByRole('heading', { name: 'Accesso staff' })).toBeTruthy();
    expect(location()).toBe('/gestione/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('redirects a logged-in user from the login page, and logs out', async () => {
    localStorage.setItem('access_token', 'tok-1');
    serve({ 'http://api.test:8080/api/auth/me': () => [200, me] });
    renderAt('/gestione/login');
    expect(await screen.findByRole('heading', { name: 'Edicola Napoli Gestione negozio' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/gestione'));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    });
    expect(location()).toBe('/gestione/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Accesso staff' })).toBeTruthy();
  });
});
