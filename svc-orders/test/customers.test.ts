import request from 'supertest';
import { Customer, CustomerLoginResponse, CustomerOrderList } from '@edicola/contracts';
import { localKeySetVerifier } from '@edicola/platform';
import { customers, orderRecords } from '../src/db/schema';
import { azienda, privato, startOrders } from './support';

describe('customer accounts', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;
  const login = (email: string, password: string) =>
    api().post('/api/customers/login').send({ email, password });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('registers a private customer and answers the Customer shape of docs/product/records.md#customer, normalised', async () => {
    const res = await api().post('/api/customers/register').send(privato);
    expect(res.status).toBe(201);
    const customer = Customer.parse(res.body);
    expect(customer).toEqual({
      customer_id: expect.any(String),
      email: 'Anna.Esposito@Example.it',
      telefono: '+39 081 555 1234',
      tipo_cliente: 'privato',
      dati_privato: { nome: 'Anna', cognome: 'Esposito', codice_fiscale: 'RSSMRA85T10A562S' },
      dati_azienda: null,
      indirizzo: { street: 'Via Toledo 256', city: 'Napoli', province: 'NA', cap: '80132' },
    });
    expect(res.body).not.toHaveProperty('password');
    const [row] = await db().select({ hash: customers.passwordHash }).from(customers);
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('registers a company customer with its invoicing data', async () => {
    const res = await api().post('/api/customers/register').send(azienda);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tipo_cliente: 'azienda',
      dati_privato: null,
      dati_azienda: {
        ragione_sociale: 'Ferrari S.p.A.',
        piva: '00159560366',
        codice_fiscale_azienda: '00159560366',
        pec: 'ferrari@pec.example.it',
        sdi: 'ABC1234',
        referente: null,
      },
    });
  });

  it('refuses an e-mail already registered, whatever its case, with 409 and an Italian detail', async () => {
    const res = await api()
      .post('/api/customers/register')
      .send({ ...privato, email: 'anna.esposito@EXAMPLE.IT' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Esiste già un account registrato con questa email' });
    expect(await db().select().from(customers)).toHaveLength(2);
  });

  it('refuses invalid data with 422 and the field message, and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...privato, email: 'x@y.it', password: '12345' }, /^La password deve essere di almeno 6 caratteri/],
      [{ ...privato, email: 'x@y.it', codice_fiscale: 'RSSMRA85T10A562T' }, /^Codice fiscale non valido/],
      [{ ...privato, email: 'x@y.it', cap: '801' }, /^Il CAP deve essere di 5 cifre/],
      [{ ...privato, email: 'x@y.it', province: 'NAP' }, /^La provincia deve essere di 2 lettere/],
      [{ ...azienda, email: 'x@y.it', piva: '00159560363' }, /^Partita IVA non valida/],
      [{ ...azienda, email: 'x@y.it', ragione_sociale: '' }, /^La ragione sociale è obbligatori/],
      [{ ...azienda, email: 'x@y.it', codice_fiscale_azienda: null }, /^Il codice fiscale è obbligatorio$/],
      [{ ...azienda, email: 'x@y.it', sdi: '123' }, /^Il codice SDI deve essere di 7 caratteri/],
      [{ ...azienda, email: 'x@y.it', pec: 'pec' }, /^La PEC deve essere un indirizzo email valido/],
      [
        { ...privato, email: 'x@y.it', tipo_cliente: undefined },
        /^Il tipo cliente deve essere privato o azienda$/,
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await api().post('/api/customers/register').send(payload);
      expect({ status: res.status, detail: res.body.detail }).toEqual({
        status: 422,
        detail: expect.stringMatching(detail),
      });
    }
    expect(await db().select().from(customers)).toHaveLength(2);
  });

  it('logs a customer in with a customer token (audience and kind customer) that no staff route accepts', async () => {
    const res = await login('ANNA.esposito@example.it', privato.password);
    expect(res.status).toBe(200);
    const body = CustomerLoginResponse.parse(res.body);
    expect(body).toMatchObject({ email: 'Anna.Esposito@Example.it', tipo_cliente: 'privato' });
    const keys = (await api().get('/.well-known/jwks.json')).body;
    expect(await localKeySetVerifier(keys).verify(body.access_token)).toEqual({
      sub: body.customer_id,
      kind: 'customer',
      role: 'customer',
      name: 'Anna.Esposito@Example.it',
      sv: 1,
    });
    const [, payload] = body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);

    expect((await api().get('/api/auth/me').set(bearer(body.access_token))).status).toBe(403);
  });

  it('answers an unknown e-mail exactly like a wrong password, in about the same time', async () => {
    const wrong = await login(privato.email, 'sbagliata');
    const unknown = await login('nessuno@example.it', 'sbagliata');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ detail: 'Email o password non corretti' });

    const time = async (email: string, i: number) => {
      const started = process.hrtime.bigint();
      await login(email, `sbagliata-${i}`);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Taken in turns, so that a busy moment of the machine weighs on both alike; the medians compared.
    const wrongMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      wrongMs.push(await time(azienda.email, i));
      unknownMs.push(await time('nessuno@example.it', i));
    }
    const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[2]!;
    // Without the dummy hash an unknown e-mail answers about ten times faster; a busy machine moves single answers by
    // half, not by ten.
    expect(median(unknownMs)).toBeGreaterThan(median(wrongMs) * 0.25);
  });

  it('reads and updates the own profile; staff tokens and missing tokens are refused', async () => {
    const token = CustomerLoginResponse.parse(
      (await login(privato.email, privato.password)).body,
    ).access_token;
    const profile = await api().get('/api/customers/profile').set(bearer(token));
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe('Anna.Esposito@Example.it');

    const updated = await api()
      .put('/api/customers/profile')
      .set(bearer(token))
      .send({
        ...profile.body,
        email: 'altro@example.it',
        telefono: '333 1234567',
        indirizzo: { street: 'Via Chiaia 10', city: 'Napoli', province: 'na', cap: '80121' },
      });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      email: 'Anna.Esposito@Example.it',
      telefono: '333 1234567',
      indirizzo: { street: 'Via Chiaia 10', city: 'Napoli', province: 'NA', cap: '80121' },
      dati_privato: { nome: 'Anna', cognome: 'Esposito', codice_fiscale: 'RSSMRA85T10A562S' },
    });
    expect((await api().get('/api/customers/profile').set(bearer(token))).body).toEqual(updated.body);

    const companyData = await api()
      .put('/api/customers/profile')
      .set(bearer(token))
      .send({ dati_azienda: { ...azienda, piva: '00159560366' } });
    expect(companyData.status).toBe(400);
    const badCap = await api()
      .put('/api/customers/profile')
      .set(bearer(token))
      .send({ indirizzo: { street: 'Via Roma', city: 'Napoli', province: 'NA', cap: 'abc' } });
    expect(badCap.status).toBe(422);

    const staff = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    expect((await api().get('/api/customers/profile').set(bearer(staff.body.access_token))).status).toBe(403);
    expect((await api().get('/api/customers/profile')).status).toBe(401);
    expect((await api().get('/api/customers/orders')).status).toBe(401);
  });

  it('lists only the customer own orders, newest first', async () => {
    const anna = CustomerLoginResponse.parse((await login(privato.email, privato.password)).body);
    const ferrari = CustomerLoginResponse.parse((await login(azienda.email, azienda.password)).body);
    const empty = await api().get('/api/customers/orders').set(bearer(anna.access_token));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const line = {
      article_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      title: 'Ferrari F40 1:18',
      quantity: 2,
    };
    const info = { name: 'Anna Esposito', email: privato.email };
    await db()
      .insert(orderRecords)
      .values([
        {
          customerId: anna.customer_id,
          status: 'pending',
          totalCents: 12990,
          paymentMethod: 'transfer',
          items: [line],
          customerInfo: info,
          createdAt: new Date('2026-01-10T10:00:00Z'),
          orderDate: new Date('2026-01-10T10:00:00Z'),
        },
        {
          customerId: anna.customer_id,
          status: 'shipped',
          totalCents: 4500,
          paymentMethod: 'card',
          items: [{ ...line, quantity: 1 }],
          customerInfo: info,
          trackingNumber: 'TRK123',
          packlinkData: { tracking_number: 'TRK123', carrier_name: 'BRT' },
          createdAt: new Date('2026-02-01T10:00:00Z'),
          orderDate: new Date('2026-02-01T10:00:00Z'),
        },
        {
          customerId: ferrari.customer_id,
          totalCents: 100,
          paymentMethod: 'paypal',
          items: [line],
          customerInfo: {},
        },
        { customerId: null, totalCents: 100, paymentMethod: 'transfer', items: [line], customerInfo: info },
      ]);

    const res = await api().get('/api/customers/orders').set(bearer(anna.access_token));
    const list = CustomerOrderList.parse(res.body);
    expect(list.map((o) => [o.status, o.total_amount, o.tracking_number, o.packlink_data])).toEqual([
      ['shipped', 45, 'TRK123', { tracking_number: 'TRK123', carrier_name: 'BRT' }],
      ['pending', 129.9, null, null],
    ]);
    expect(list[1]!.items).toEqual([line]);
    const theirs = CustomerOrderList.parse(
      (await api().get('/api/customers/orders').set(bearer(ferrari.access_token))).body,
    );
    expect(theirs.map((o) => o.payment_method)).toEqual(['paypal']);
  });
});
