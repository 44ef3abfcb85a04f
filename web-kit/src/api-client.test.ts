import { z } from 'zod';
import { ApiError, apiErrorFrom, createApiClient, withQuery } from './api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('createApiClient', () => {
  it('sends the bearer token read at each call, JSON bodies and the query, and parses the answer', async () => {
    let token: string | null = 'tok-1';
    const fetchImpl = jest.fn(async () => json(200, { ok: true, extra: 'dropped' }));
    const client = createApiClient({ baseUrl: 'http://api.test/', fetchImpl, token: () => token });

    const answer = await client.call(
      { method: 'POST', path: '/api/things' },
      {
        body: { a: 1 },
        query: { q: 'ferrari', page: 2, empty: '', none: undefined },
        schema: z.object({ ok: z.boolean() }),
      },
    );
    expect(answer).toEqual({ ok: true });
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

  it('rejects an answer its schema refuses', async () => {
    const client = createApiClient({ baseUrl: 'http://api.test', fetchImpl: async () => json(200, {}) });
    await expect(
      client.call({ method: 'GET', path: '/x' }, { schema: z.object({ ok: z.boolean() }) }),
    ).rejects.toThrow('GET /x: unexpected response');
  });

  it('loads a lazy schema while the request is under way, and parses an empty answer as null', async () => {
    const events: string[] = [];
    const fetchImpl = async () => {
      events.push('fetch');
      return new Response(null, { status: 204 });
    };
    const client = createApiClient({ baseUrl: 'http://api.test', fetchImpl });
    const schema = async () => {
      events.push('schema');
      return z.null();
    };
    await expect(client.call({ method: 'POST', path: '/x' }, { schema })).resolves.toBeNull();
    expect(events).toEqual(['schema', 'fetch']);
  });

  it('leaves the body unread without a schema', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetchImpl: async () => json(200, 'anything'),
    });
    await expect(client.call({ method: 'POST', path: '/x' })).resolves.toBeUndefined();
  });
});

describe('apiErrorFrom', () => {
  const answer = (status: number, body: () => unknown) => ({ status, json: async () => body() }) as Response;

  it("keeps the server's detail", async () => {
    const error = await apiErrorFrom(answer(401, () => ({ detail: 'Username o password non corretti' })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Username o password non corretti' });
    expect(error.message).toBe('Username o password non corretti');
  });

  it('falls back to the status when the body is not the error shape or not JSON', async () => {
    expect(await apiErrorFrom(answer(502, () => JSON.parse('<html>')))).toMatchObject({
      message: 'HTTP 502',
      detail: undefined,
    });
    expect((await apiErrorFrom(answer(500, () => ({ error: 'x' })))).message).toBe('HTTP 500');
  });
});

describe('withQuery', () => {
  it('leaves a path without set values as it is', () => {
    expect(withQuery('/a', { x: undefined, y: null })).toBe('/a');
    expect(withQuery('/a', { active: false })).toBe('/a?active=false');
  });
});
