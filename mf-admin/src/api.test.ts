import { ApiError } from '@edicola/contracts';
import { createAdminApi } from './api';
import { jsonResponse } from './testSupport';

const session = {
  access_token: 'tok-1',
  token_type: 'bearer',
  user_id: 'u1',
  username: 'gennaro',
  role: 'admin',
};

describe('createAdminApi', () => {
  it('POSTs the credentials as JSON to /api/auth/login and returns the session', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(200, session));
    const api = createAdminApi('http://api.test:8080/', fetchImpl);

    await expect(api.login({ username: 'gennaro', password: 'pizza' })).resolves.toEqual(session);
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test:8080/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username: 'gennaro', password: 'pizza' }),
    });
  });

  it('sends the bearer token to /api/auth/me', async () => {
    const fetchImpl = jest.fn(async () =>
      jsonResponse(200, { user_id: 'u1', username: 'gennaro', role: 'staff' }),
    );
    const api = createAdminApi('http://api.test', fetchImpl);
    await expect(api.me('tok-1')).resolves.toEqual({ user_id: 'u1', username: 'gennaro', role: 'staff' });
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test/api/auth/me', {
      headers: { Authorization: 'Bearer tok-1', Accept: 'application/json' },
    });
  });

  it("throws with the server's detail on a 4xx", async () => {
    const api = createAdminApi('http://api.test', async () =>
      jsonResponse(401, { detail: 'Credenziali non valide' }),
    );
    const failure = api.login({ username: 'x', password: 'y' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, detail: 'Credenziali non valide' });
  });

  it('rejects a malformed payload', async () => {
    const api = createAdminApi('http://api.test', async () => jsonResponse(200, { access_token: 42 }));
    await expect(api.login({ username: 'x', password: 'y' })).rejects.toThrow();
  });
});
