import { ApiError } from '@edicola/web-kit';
import { createAdminApi } from '.';
import { storeStaffToken } from '../staffToken';
import { jsonResponse } from '../testSupport';

const session = {
  access_token: 'tok-1',
  token_type: 'bearer',
  user_id: 'u1',
  username: 'gennaro',
  role: 'admin',
};

type Call = [string, RequestInit];

beforeEach(() => localStorage.clear());

describe('createAdminApi', () => {
  it('POSTs the credentials as JSON to /api/auth/login, without a stored token, and reads must_change_password', async () => {
    storeStaffToken('old');
    const fetchImpl = jest.fn(async () => jsonResponse(200, { ...session, must_change_password: true }));
    const api = createAdminApi('http://api.test:8080/', { fetchImpl });

    await expect(api.auth.login({ username: 'gennaro', password: 'pizza' })).resolves.toEqual({
      ...session,
      must_change_password: true,
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as Call;
    expect(url).toBe('http://api.test:8080/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username: 'gennaro', password: 'pizza' }),
    });
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('sends the stored bearer token on every back-office call, and the query of a list', async () => {
    storeStaffToken('tok-1');
    const fetchImpl = jest.fn(async () => jsonResponse(200, { items: [], total: 0, page: 2, page_size: 20 }));
    const api = createAdminApi('http://api.test', { fetchImpl });
    await api.articles.list('prevendita', { q: 'ferrari', low_stock: 'true', page: 2, page_size: 20 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as Call;
    expect(url).toBe(
      'http://api.test/api/admin/articles/prevendita?q=ferrari&low_stock=true&page=2&page_size=20',
    );
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it("throws with the server's detail and code, and hands a refused token to onUnauthorized", async () => {
    storeStaffToken('expired');
    const onUnauthorized = jest.fn();
    let answer: [number, unknown] = [409, { detail: 'Articolo modificato', code: 'stale_version' }];
    const api = createAdminApi('http://api.test', {
      fetchImpl: async () => jsonResponse(...answer),
      onUnauthorized,
    });
    const failure = api.articles.setActive('a1', false);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'stale_version' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    answer = [401, { detail: 'Token non valido' }];
    await expect(api.reviews.stats()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects a malformed payload', async () => {
    const api = createAdminApi('http://api.test', {
      fetchImpl: async () => jsonResponse(200, { access_token: 42 }),
    });
    await expect(api.auth.login({ username: 'x', password: 'y' })).rejects.toThrow();
  });

  it('reads a password change answered with 204 or with a new token', async () => {
    storeStaffToken('tok-1');
    let answer: [number, unknown] = [204, undefined];
    const api = createAdminApi('http://api.test', { fetchImpl: async () => jsonResponse(...answer) });
    await expect(api.auth.changePassword({ old_password: 'a', new_password: 'b' })).resolves.toBeNull();
    answer = [200, { access_token: 'tok-2' }];
    await expect(api.auth.changePassword({ old_password: 'a', new_password: 'b' })).resolves.toBe('tok-2');
  });
});
