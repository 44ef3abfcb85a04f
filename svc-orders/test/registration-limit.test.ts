import request from 'supertest';
import { privato, startOrders } from './support';

describe('registration limit per address', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const register = (address: string, i: number) =>
    request(orders.service.app)
      .post('/api/customers/register')
      .set('X-Forwarded-For', address)
      .send({ ...privato, email: `cliente${i}@example.it` });

  beforeAll(async () => {
    orders = await startOrders({ REGISTRATIONS_PER_HOUR: '10' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('creates at most 10 accounts an hour from one address, even sent at once, and answers 429 with a detail', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => register('203.0.113.9', i)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.body).toEqual({
      detail: 'Troppe registrazioni da questo indirizzo. Riprova più tardi.',
    });

    // Another address is not held back.
    expect((await register('198.51.100.9', 100)).status).toBe(201);
  }, 60_000);

  it('does not count refused registrations (an e-mail already taken) against the limit', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect((await register('192.0.2.9', 100)).status).toBe(409);
    }
    expect((await register('192.0.2.9', 200)).status).toBe(201);
  }, 60_000);
});
