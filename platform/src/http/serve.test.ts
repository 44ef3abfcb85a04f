import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { ADMIN, PUBLIC, internalFrom, type Route } from '@edicola/contracts';
import { createTokenSigner, generateSigningKey, localKeySetVerifier, type TokenSigner } from '../auth';
import { createHttpApp } from './app';
import { routeTable } from './route-table';
import { routeServer } from './serve';

const route = <S extends object>(key: string, access: Route['access'], schemas: S) => {
  const [method, path] = key.split(' ') as [Route['method'], string];
  return { service: 'svc-catalog', method, path, access, ...schemas } as const;
};

const rename = route('PUT /things/:id', PUBLIC, {
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  body: z.object({ name: z.string().min(1) }),
});
const remove = route('DELETE /things/:id', ADMIN, {});
const fromOrders = route('POST /internal/things', internalFrom('svc-orders'), {});

describe('serve: a route of the table registered with its method, path, guard and schemas', () => {
  let signer: TokenSigner;
  let app: ReturnType<typeof createHttpApp>;
  const token = (role: 'admin' | 'staff') => signer.sign({ sub: 'u1', kind: 'staff', role, name: 'x' }, 60);

  beforeAll(async () => {
    signer = await createTokenSigner(await generateSigningKey());
    app = createHttpApp({
      service: 'svc-test',
      logger: pino({ level: 'silent' }),
      corsOrigins: [],
      readiness: async () => ({}),
      routes(router) {
        const serve = routeServer(router, localKeySetVerifier(signer.publicKeySet));
        serve(rename, ({ params, body }) => ({ id: params.id, name: body.name }));
        serve(remove, [(_req, res, next) => (res.set('X-Before', 'yes'), next())], () => ({ removed: true }));
        serve(fromOrders, () => ({}));
      },
    });
  });

  it('registers the route at its method and path, its input checked by its schemas', async () => {
    expect((await request(app).put('/things/7').send({ name: 'Rivista' })).body).toEqual({
      id: '7',
      name: 'Rivista',
    });
    expect((await request(app).put('/things/x').send({ name: 'Rivista' })).status).toBe(422);
    expect((await request(app).put('/things/7').send({ name: '' })).status).toBe(422);
    expect((await request(app).post('/things/7').send({ name: 'Rivista' })).status).toBe(405);
  });

  it('puts the guard of its access in front, then the middleware given', async () => {
    expect((await request(app).delete('/things/7')).status).toBe(401);
    const refused = await request(app)
      .delete('/things/7')
      .set('Authorization', `Bearer ${await token('staff')}`);
    expect(refused.status).toBe(403);
    expect(refused.headers['x-before']).toBeUndefined();
    const allowed = await request(app)
      .delete('/things/7')
      .set('Authorization', `Bearer ${await token('admin')}`);
    expect(allowed.body).toEqual({ removed: true });
    expect(allowed.headers['x-before']).toBe('yes');
    expect(routeTable(app).find((r) => r.path === '/things/:id' && r.method === 'DELETE')?.auth).toEqual({
      kind: 'staff',
      roles: ['admin'],
    });
    // Internal routes answer only to the internal token guard (not configured here: 503).
    expect((await request(app).post('/internal/things')).status).toBe(503);
  });

  it('refuses a staff or customer route on a router without a token verifier', () => {
    const build = () =>
      createHttpApp({
        service: 'svc-test',
        logger: pino({ level: 'silent' }),
        corsOrigins: [],
        readiness: async () => ({}),
        routes: (router) => routeServer(router)(remove, () => ({})),
      });
    expect(build).toThrow('DELETE /things/:id needs a token verifier');
  });
});
