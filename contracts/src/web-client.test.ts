import { ApiError, createApiClient, withQuery } from './web-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('createApiClient', () => {
  it('sends the bearer token read at each call, JSON bodies and the query, and checks the answer', async () => {
    let token: string | null = 'tok-1';
    const fetchImpl = jest.fn(async () => json(200, { ok: true }, { 'X-Total-Count': '7' }));
    const client = createApiClient({ baseUrl: 'http://api.test/', fetchImpl, token: () => token });

    const total = await client.call(
      { method: 'POST', path: '/api/things' },
      {
        body: { a: 1 },
        query: { q: 'ferrari', page: 2, empty: '', none: undefined },
        check: (body, response) =>
          (body as { ok?: boolean }).ok ? Number(response.headers.get('X-Total-Count')) : undefined,
      },
    );
    expect(total).toBe(7);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/things?q=ferrari&page=2');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-1',
    });
    expect(init.body).toBe('{"a":1}');

    token = null;
    await client.call({ method: 'GET', path: '/x' });
    expect((fetchImpl.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toEqual({
      Accept: 'application/json',
    });
  });

  it("rejects with the server's detail and machine-readable code", async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetchImpl: async () => json(409, { detail: 'Articolo modificato', code: 'stale_version' }),
    });
    const failure = client.call({ method: 'PUT', path: '/api/articles/1' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      detail: 'Articolo modificato',
      code: 'stale_version',
    });
  });

  it('hands a refused token to onUnauthorized, but not a refused login', async () => {
    const onUnauthorized = jest.fn();
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetchImpl: async () => json(401, { detail: 'Token non valido' }),
      token: () => null,
      onUnauthorized,
    });
    await expect(
      client.call({ method: 'POST', path: '/api/auth/login' }, { body: {} }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(
      client.call({ method: 'GET', path: '/api/auth/me' }, { token: 'old' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time-out', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      timeoutMs: 50,
      fetchImpl: (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        ),
    });
    await expect(client.call({ method: 'GET', path: '/slow' })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('rejects an answer its check refuses', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test', fetchImpl: async () => json(200, {}) });
    await expect(client.call({ method: 'GET', path: '/x' }, { check: () => undefined })).rejects.toThrow(
      'GET /x: unexpected response',
    );
  });
});

describe('withQuery', () => {
  it('leaves a path without set values as it is', () => {
    expect(withQuery('/a', { x: undefined, y: null })).toBe('/a');
    expect(withQuery('/a', { active: false })).toBe('/a?active=false');
  });
});
