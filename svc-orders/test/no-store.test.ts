import request from 'supertest';
import { privato, startOrders } from './support';

describe('answers no cache may keep', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('marks the login answers and every signed-in answer Cache-Control: no-store', async () => {
    const registered = await api().post('/api/customers/register').send(privato);
    expect(registered.status).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');

    const customer = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    expect(customer.status).toBe(200);
    expect(customer.headers['cache-control']).toBe('no-store');
    const profile = await api()
      .get('/api/customers/profile')
      .set('Authorization', `Bearer ${customer.body.access_token as string}`);
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');

    const staff = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    expect(staff.status).toBe(200);
    expect(staff.headers['cache-control']).toBe('no-store');
    const me = await api()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${staff.body.access_token as string}`);
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await api()
      .get('/api/orders')
      .set('Authorization', `Bearer ${staff.body.access_token as string}`);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');

    // A wrong password's answer too; the public key set stays cacheable.
    const wrong = await api().post('/api/auth/login').send({ username: 'titolare', password: 'sbagliata' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect((await api().get('/.well-known/jwks.json')).headers['cache-control']).toBe('public, max-age=300');
  });
});
