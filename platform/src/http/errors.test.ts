import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createHttpApp } from './app';
import { handle } from './handle';

/** A route per schema: POST /<name> validates its body, GET /<name>?… its query. */
const SCHEMAS = {
  customer: z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Il nome è obbligatorio')
      .max(10, 'Il nome può avere al massimo 10 caratteri'),
    email: z.email('Inserisci un indirizzo email valido'),
  }),
  generic: z.strictObject({
    title: z.string(),
    qty: z.number().int().min(1).max(50),
    tags: z.array(z.string().max(5)).min(1).max(2),
    kind: z.enum(['nuovo', 'usato']),
    id: z.uuid(),
    flag: z.boolean().optional(),
  }),
  nested: z.object({ lines: z.array(z.object({ note: z.string().max(3, 'La nota è troppo lunga') })) }),
};

const app = createHttpApp({
  service: 'svc-test',
  logger: pino({ level: 'silent' }),
  corsOrigins: [],
  readiness: async () => ({}),
  routes(router) {
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      router.post(
        `/${name}`,
        handle({ body: schema }, ({ body }) => body),
      );
      router.get(
        `/${name}`,
        handle({ query: schema }, ({ query }) => query),
      );
    }
    router.get('/thrown', () => {
      z.object({ n: z.number() }).parse({ n: 'x' });
    });
  },
});

const detailOf = async (name: string, body: unknown) => {
  const res = await request(app)
    .post(`/${name}`)
    .send(body as object);
  expect(res.status).toBe(422);
  return res.body.detail as string;
};

const VALID = {
  title: 'Charizard',
  qty: 1,
  tags: ['psa'],
  kind: 'usato',
  id: '9f1c4a4e-3c1b-4d7a-9a51-2b0f1f3c9e11',
};

describe('readable validation details', () => {
  it.each([
    ['customer', { name: 'x'.repeat(11), email: 'a@b.it' }, 'Il nome può avere al massimo 10 caratteri'],
    ['customer', { name: '   ', email: 'a@b.it' }, 'Il nome è obbligatorio'],
    ['customer', { name: 'Anna', email: 'anna' }, 'Inserisci un indirizzo email valido'],
    ['nested', { lines: [{ note: 'ok' }, { note: 'troppo' }] }, 'La nota è troppo lunga'],
  ])('answers the schema’s own message (%s %j)', async (name, body, detail) => {
    expect(await detailOf(name, body)).toBe(detail);
  });

  it.each([
    [{ title: undefined }, 'Manca un dato obbligatorio'],
    [{ title: 42 }, 'Un dato non è valido: dovrebbe essere un testo'],
    [{ qty: 'tre' }, 'Un dato non è valido: dovrebbe essere un numero'],
    [{ qty: 1.5 }, 'Un dato non è valido: dovrebbe essere un numero intero'],
    [{ qty: 0 }, 'Un numero deve essere almeno 1'],
    [{ qty: 51 }, 'Un numero non può superare 50'],
    [{ flag: 'sì' }, 'Un dato non è valido: dovrebbe essere vero o falso'],
    [{ tags: [] }, 'Un elenco non può essere vuoto'],
    [{ tags: ['a', 'b', 'c'] }, 'Un elenco può avere al massimo 2 elementi'],
    [{ tags: ['lunghissimo'] }, 'Un testo può avere al massimo 5 caratteri'],
    [{ kind: 'rotto' }, 'Un dato ha un valore non ammesso: sono ammessi nuovo, usato'],
    [{ id: 'abc' }, 'Identificativo non valido'],
    [{ extra: 1 }, 'La richiesta contiene dati non previsti (extra)'],
  ])('answers an Italian sentence where the schema has no message (%j)', async (change, detail) => {
    expect(await detailOf('generic', { ...VALID, ...change })).toBe(detail);
  });

  it('joins several problems with "; ", each message once', async () => {
    expect(await detailOf('customer', { name: '', email: 'x' })).toBe(
      'Il nome è obbligatorio; Inserisci un indirizzo email valido',
    );
    const notes = Array.from({ length: 5 }, () => ({ note: 'lunga' }));
    expect(await detailOf('nested', { lines: notes })).toBe('La nota è troppo lunga');
  });

  it('answers a ZodError thrown inside a handler the same way', async () => {
    const res = await request(app).get('/thrown');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Un dato non è valido: dovrebbe essere un numero' });
  });

  it('never names a field path (body., query., params.) in any detail', async () => {
    const bodies: [string, unknown][] = [
      ['customer', {}],
      ['customer', { name: 5, email: null }],
      ['generic', {}],
      ['generic', { ...VALID, qty: -1, tags: 'x', kind: 1, id: 2, extra: true }],
      ['nested', { lines: [{}, { note: 1 }, { note: 'lunga' }] }],
      ['nested', { lines: [{ note: 'a\u0000b' }] }],
    ];
    const details: string[] = [];
    for (const [name, body] of bodies) details.push(await detailOf(name, body));
    for (const query of ['customer?name=', 'generic?qty=x', 'nested?lines=1', 'customer?name=a%00b']) {
      const res = await request(app).get(`/${query}`);
      expect(res.status).toBe(422);
      details.push(res.body.detail);
    }
    expect(details).toHaveLength(10);
    for (const detail of details) {
      expect(detail).not.toMatch(/\b(body|query|params|input)\.|\b\w+\.\d+\.|: Invalid|expected/);
      expect(detail).toMatch(/^[A-ZÈ]/);
    }
  });
});
