import request from 'supertest';
import { ShippingQuote, ShippingRule, ShippingRuleList } from '@edicola/contracts';
import { startOrders } from './support';

describe('shipping rules API and the public quote', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let staff: { Authorization: string };
  const api = () => request(orders.service.app);
  const quote = async (query: string) => {
    const res = await api().get(`/shipping/calculate?${query}`);
    expect(res.status).toBe(200);
    return ShippingQuote.parse(res.body).shipping_cost;
  };

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
    const login = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    staff = { Authorization: `Bearer ${login.body.access_token as string}` };
  }, 60_000);
  afterAll(() => orders?.stop());

  it('starts with three active rules that quote the fallback table (docs/product/orders-and-payments.md#default-rules)', async () => {
    const rules = ShippingRuleList.parse((await api().get('/api/admin/shipping/rules').set(staff)).body);
    expect(rules.map((r) => [r.zone, r.rule_type, r.base_shipping_cost, r.quantity_threshold, r.quantity_increment_cost, r.max_quantity_cost, r.is_active])).toEqual([
      ['national', 'quantity_based', 9, 3, 3, null, true],
      ['eu', 'quantity_based', 14, 4, 5, null, true],
      ['international', 'quantity_based', 25, 1, 5, 40, true],
    ]); // prettier-ignore
    expect(await quote('total_amount=50&quantity=4&country=IT')).toBe(12);
    expect(await quote('total_amount=50&quantity=5&country=FR')).toBe(19);
    expect(await quote('total_amount=50&quantity=3&country=US')).toBe(35);
    expect(await quote('total_amount=50&quantity=9&country=US')).toBe(40);
    expect(await quote('total_amount=50&quantity=1')).toBe(9);
  });

  it('creates, updates and deletes rules; a country rule beats its zone; amount rules honour their bounds', async () => {
    const created = await api().post('/api/admin/shipping/rules').set(staff).send({
      name: 'Francia conveniente',
      zone: 'specific_country',
      country: 'fr',
      rule_type: 'amount_based',
      shipping_cost: 8.5,
      min_amount: null,
      max_amount: '',
      free_shipping_threshold: 99,
    });
    expect(created.status).toBe(201);
    const rule = ShippingRule.parse(created.body);
    expect(rule).toMatchObject({
      country: 'FR',
      shipping_cost: 8.5,
      free_shipping_threshold: 99,
      max_amount: null,
    });
    expect(await quote('total_amount=50&quantity=5&country=FR')).toBe(8.5);
    expect(await quote('total_amount=99&quantity=5&country=FR')).toBe(0);
    expect(await quote('total_amount=50&quantity=5&country=DE')).toBe(19);

    const updated = await api()
      .put(`/admin/shipping/rules/${rule.id}`)
      .set(staff)
      .send({ ...rule, min_amount: 60, is_active: true });
    expect(updated.status).toBe(200);
    expect(await quote('total_amount=50&quantity=5&country=FR')).toBe(19); // below min: the zone applies
    expect(await quote('total_amount=60&quantity=5&country=FR')).toBe(8.5);

    const deactivated = await api()
      .put(`/api/admin/shipping/rules/${rule.id}`)
      .set(staff)
      .send({ ...rule, is_active: false });
    expect(deactivated.body.is_active).toBe(false);
    expect(await quote('total_amount=70&quantity=5&country=FR')).toBe(19);

    const deleted = await api().delete(`/admin/shipping/rules/${rule.id}`).set(staff);
    expect(deleted.body).toEqual({ message: 'Regola eliminata con successo!', id: rule.id });
    expect((await api().delete(`/admin/shipping/rules/${rule.id}`).set(staff)).status).toBe(404);
    expect((await api().put(`/admin/shipping/rules/${rule.id}`).set(staff).send(rule)).status).toBe(404);
  });

  it('validates rules and quotes with 422 and its message', async () => {
    const bad = [
      [{ zone: 'national', shipping_cost: 5 }, /^Il nome è obbligatorio/],
      [{ name: 'X', zone: 'specific_country', shipping_cost: 5 }, /^Il codice paese è obbligatorio per una regola specific_country$/],
      [{ name: 'X', rule_type: 'quantity_based', base_shipping_cost: 5, quantity_threshold: 0, quantity_increment_cost: 1 }, /^Gli articoli per scaglione devono essere almeno 1$/],
      [{ name: 'X', shipping_cost: -2 }, /^Il costo di spedizione non può essere negativo$/],
      [{ name: 'X', zone: 'marte', shipping_cost: 2 }, /^La zona deve essere national, eu, international o specific_country$/],
    ] as const; // prettier-ignore
    for (const [body, detail] of bad) {
      const res = await api().post('/api/admin/shipping/rules').set(staff).send(body);
      expect({ status: res.status, detail: res.body.detail }).toEqual({
        status: 422,
        detail: expect.stringMatching(detail),
      });
    }
    expect((await api().get('/shipping/calculate?total_amount=x&quantity=1')).status).toBe(422);
    expect((await api().get('/shipping/calculate?total_amount=10&quantity=0')).status).toBe(422);
    expect((await api().get('/shipping/calculate?total_amount=10&quantity=1&country=ITA')).status).toBe(422);
    expect(
      ShippingRuleList.parse((await api().get('/api/admin/shipping/rules').set(staff)).body),
    ).toHaveLength(3);
  });

  it('keeps the rules to staff', async () => {
    expect((await api().get('/api/admin/shipping/rules')).status).toBe(401);
    expect((await api().post('/api/admin/shipping/rules').send({ name: 'X', shipping_cost: 1 })).status).toBe(
      401,
    );
    expect((await api().delete('/admin/shipping/rules/5d1b0c52-7f0e-4b8e-9a57-000000000001')).status).toBe(
      401,
    );
  });
});

describe('svc-orders configuration', () => {
  it('refuses to start with a SHOP_IBAN whose checksum is wrong', async () => {
    await expect(startOrders({ SHOP_IBAN: 'IT61X0542811101000000123456' })).rejects.toThrow(/SHOP_IBAN/);
  }, 60_000);
});
