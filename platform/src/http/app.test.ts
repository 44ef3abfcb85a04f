import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { correlationId } from '../context';
import { createHttpApp } from './app';
import { conflict } from './errors';
import { handle } from './handle';

function buildApp(ready = true) {
  return createHttpApp({
    service: 'svc-test',
    logger: pino({ level: 'silent' }),
    corsOrigins: ['http://localhost:3000'],
    readiness: async () => ({ database: ready }),
    bodyLimit: '1kb',
    routes(router) {
      router.post(
        '/items/:id',
        handle(
          {
            params: z.object({ id: z.string().regex(/^\d+$/) }),
            query: z.object({ dry: z.enum(['yes', 'no']).default('no') }),
            body: z.object({ name: z.string().min(1), qty: z.number().int().positive() }),
          },
          ({ params, query, body }, _req, res) => {
            res.status(201);
            return { id: params.id, dry: query.dry, ...body, correlation: correlationId() };
          },
        ),
      );
      router.get('/conflict', () => {
        throw conflict('Già esistente');
      });
      router.get('/stale', () => {
        throw conflict('Articolo modificato da un altro utente: ricarica', 'stale_version');
      });
      router.get('/boom', async () => {
        throw new Error('secret internals at /srv/x.ts:42');
      });
    },
  });
}

describe('createHttpApp', () => {
  const app = buildApp();

  it('runs a handler with validated, typed input and keeps the request id as correlation id', async () => {
    const res = await request(app)
      .post('/items/7?dry=yes')
      .set('X-Request-Id', 'req-abc')
      .send({ name: 'Casco', qty: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: '7', dry: 'yes', name: 'Casco', qty: 2, correlation: 'req-abc' });
    expect(res.headers['x-request-id']).toBe('req-abc');
  });

  it('answers bad input with 422 and a readable Italian detail, no field path', async () => {
    const res = await request(app).post('/items/x?dry=maybe').send({ name: '', qty: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body)).toEqual(['detail']);
    expect(res.body.detail).toBe('Un dato ha un formato non valido'); // params fail first
    const body = await request(app).post('/items/1').send({ name: '', qty: 0 });
    expect(body.body.detail).toBe('Un campo obbligatorio è vuoto; Un numero deve essere maggiore di 0');
  });

  it('answers malformed JSON with 400 and too large bodies with 413', async () => {
    const bad = await request(app).post('/items/1').set('Content-Type', 'application/json').send('{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/JSON/);
    const large = await request(app)
      .post('/items/1')
      .send({ name: 'x'.repeat(5000), qty: 1 });
    expect(large.status).toBe(413);
  });

  it('maps HttpErrors to their status and hides internal errors behind a generic 500', async () => {
    expect((await request(app).get('/conflict')).body).toEqual({ detail: 'Già esistente' });
    expect((await request(app).get('/stale')).body).toEqual({
      detail: 'Articolo modificato da un altro utente: ricarica',
      code: 'stale_version',
    });
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Errore interno del server' });
    expect(res.text).not.toMatch(/secret|\.ts/);
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await request(app).get('/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Risorsa non trovata' });
  });

  it('sends strict security headers and CORS only for allowed origins', async () => {
    const res = await request(app).get('/healthz').set('Origin', 'http://localhost:3000');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await request(app).get('/healthz').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports liveness always and readiness from its checks', async () => {
    expect((await request(app).get('/readyz')).body).toEqual({
      status: 'ok',
      service: 'svc-test',
      checks: { database: 'ok' },
    });
    const notReady = await request(buildApp(false)).get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks).toEqual({ database: 'failing' });
    expect((await request(buildApp(false)).get('/healthz')).status).toBe(200);
  });
});
