import { EMPTY_FORM } from './checkoutForm';
import {
  createAttemptKeys,
  isDemo,
  isOffered,
  newIdempotencyKey,
  paypalReady,
  withKlarnaOption,
} from './payments';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the Idempotency-Key of a checkout attempt', () => {
  it('stays for the same attempt and changes when the cart, the details or the method change', () => {
    let n = 0;
    const keys = createAttemptKeys(() => `key-${(n += 1)}`);
    const attempt = { items: [{ article_id: 'a', quantity: 1 }], form: { name: 'Mario' }, method: 'card' };
    expect(keys.keyFor(attempt)).toBe('key-1');
    expect(keys.keyFor({ ...attempt })).toBe('key-1'); // a retry
    expect(keys.keyFor({ ...attempt, items: [{ article_id: 'a', quantity: 2 }] })).toBe('key-2');
    expect(keys.keyFor({ ...attempt, items: [{ article_id: 'a', quantity: 2 }] })).toBe('key-2');
    expect(keys.keyFor({ ...attempt, form: { name: 'Maria' } })).toBe('key-3');
    expect(keys.keyFor({ ...attempt, form: { name: 'Maria' }, method: 'paypal' })).toBe('key-4');
    keys.reset();
    expect(keys.keyFor({ ...attempt, form: { name: 'Maria' }, method: 'paypal' })).toBe('key-5');
  });

  it('is a random UUID, also without crypto.randomUUID (plain http on another address)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newIdempotencyKey();
      expect(a).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('payment helpers', () => {
  it("PayPal is ready once name, email with '@', phone, address, city and the CAP (unless the country has none) are filled", () => {
    const full = {
      ...EMPTY_FORM,
      name: 'M',
      email: 'm@x.it',
      phone: '1',
      address: 'Via',
      city: 'Napoli',
      zipCode: '80132',
    };
    expect(paypalReady(full)).toBe(true);
    expect(paypalReady({ ...full, email: 'mx.it' })).toBe(false);
    for (const field of ['name', 'email', 'phone', 'address', 'city'] as const) {
      expect(paypalReady({ ...full, [field]: '  ' })).toBe(false);
    }
    expect(paypalReady({ ...full, zipCode: '' })).toBe(false);
    expect(paypalReady({ ...full, zipCode: '', country: 'AE' })).toBe(true); // no postcodes there
  });

  it('says demo and offers each method as GET /payments/config says (Klarna pay now as Klarna), a transfer always', () => {
    const methods = ['card', 'klarna', 'klarna-now', 'paypal', 'transfer'] as const;
    const config = {
      mode: 'demo' as const,
      methods: { card: 'demo', klarna: 'demo', paypal: 'demo', transfer: 'live' } as const,
      stripe: { demo: true, publishable_key: null },
      paypal: { demo: true, client_id: null },
      timeout_minutes: 30,
    };
    expect(methods.map((m) => isDemo(m, config))).toEqual([true, true, true, true, false]);
    expect(isDemo('card', null)).toBe(false);
    const live = {
      ...config,
      mode: 'live' as const,
      methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' } as const,
      stripe: { demo: false, publishable_key: 'pk_live_x' },
      paypal: { demo: false, client_id: null },
    };
    expect(methods.map((m) => isDemo(m, live))).toEqual([false, false, false, false, false]);
    expect(methods.map((m) => isOffered(m, live))).toEqual([true, true, true, false, true]);
    expect(methods.every((m) => isOffered(m, undefined))).toBe(true);
  });

  it("tells Klarna's demo page the option chosen, keeping a same-origin address relative", () => {
    expect(withKlarnaOption(`${window.location.origin}/pagamento-demo?kind=klarna&id=pi_1`, 'klarna')).toBe(
      '/pagamento-demo?kind=klarna&id=pi_1&option=in3',
    );
    expect(withKlarnaOption('https://shop.example/pagamento-demo?kind=klarna&id=pi_1', 'klarna-now')).toBe(
      'https://shop.example/pagamento-demo?kind=klarna&id=pi_1&option=now',
    );
  });
});
