import request from 'supertest';
import { privato, startOrders } from './support';

const CONTROL = 'Non può contenere a capo né altri caratteri di controllo';

describe('single-line fields refuse control characters', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it.each([
    ['nome', 'Anna\r\nBcc: x@example.it'],
    ['cognome', 'Esposito\n'],
    ['city', 'Napoli\tNA'],
    ['street', 'Via Toledo\u0085 256'],
    ['nome', 'Anna\u2028Maria'],
  ])('answers 422 to a registration whose %s holds a control character', async (field, value) => {
    const res = await api()
      .post('/api/customers/register')
      .send({ ...privato, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(CONTROL);
  });

  it('keeps accents, apostrophes and other letters, and refuses nothing else', async () => {
    const res = await api()
      .post('/api/customers/register')
      .send({ ...privato, nome: "Anna-Maria D'Àngelo", city: 'Sant’Agnello', street: 'Via Çelik №5' });
    expect(res.status).toBe(201);
  });

  it('answers 422 to a staff login whose username holds a line break', async () => {
    const res = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare\r\n', password: 'Napoli-1926!' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(CONTROL);
  });
});
