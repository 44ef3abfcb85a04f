import { z } from 'zod';
import { ConfigError } from '@edicola/platform';
import { DEMO_SHOP_FISCAL } from '../src/invoices/shop-fiscal';
import { FakeRt } from '../src/counter/rt/fake-rt';
import { printerSettingsFrom, rtSettings } from '../src/counter/rt/rt-settings';

// The RT's configuration (docs/product/counter.md#fiscal-receipt): Epson's default codes, the shop's own, and what
// live mode cannot start without.

const parse = (env: Record<string, string>) => z.object(rtSettings).parse(env);

describe('the RT settings', () => {
  it("defaults to Epson's codes: departments 1 to 4 for 22, 10, 4 and 0 %, cash 0, card 2 and gift card 3", () => {
    const settings = printerSettingsFrom(
      parse({ RT_URL: 'http://192.168.1.50', RT_SERIAL: '99mey012345' }),
      'live',
    );
    expect(settings).toEqual({
      mode: 'live',
      url: 'http://192.168.1.50',
      serial: '99MEY012345',
      timeoutMs: 10_000,
      journalPassword: undefined,
      codes: {
        departments: { 22: 1, 10: 2, 4: 3, 0: 4 },
        payments: {
          cash: { paymentType: 0, index: 1 },
          card: { paymentType: 2, index: 1 },
          gift_card: { paymentType: 3, index: 1 },
        },
      },
    });
  });

  it("takes the shop's own codes", () => {
    const settings = printerSettingsFrom(
      parse({
        RT_DEPARTMENTS: '22:5,10:6,4:7,0:8',
        RT_PAYMENT_CARD: '2:3',
        RT_PAYMENT_CASH: '0:1',
        RT_PAYMENT_GIFT_CARD: '3:2',
        RT_TIMEOUT_MS: '15000',
      }),
      'demo',
      new FakeRt({ shop: DEMO_SHOP_FISCAL }),
    );
    expect(settings).toMatchObject({
      mode: 'demo',
      codes: {
        departments: { 22: 5, 10: 6, 4: 7, 0: 8 },
        payments: { card: { paymentType: 2, index: 3 }, gift_card: { paymentType: 3, index: 2 } },
      },
    });
  });

  it('refuses live without the RT address and serial, and departments that leave out a VAT rate', () => {
    expect(() => printerSettingsFrom(parse({}), 'live')).toThrow(ConfigError);
    expect(() => printerSettingsFrom(parse({}), 'live')).toThrow(/RT_URL: required with RT_MODE=live/);
    expect(() =>
      printerSettingsFrom(
        parse({ RT_URL: 'http://rt', RT_SERIAL: '99MEY012345', RT_DEPARTMENTS: '22:1,10:2' }),
        'live',
      ),
    ).toThrow(/no department for VAT 4, 0 %/);
    expect(() => parse({ RT_DEPARTMENTS: '22=1' })).toThrow(/rate:department/);
    expect(() => parse({ RT_SERIAL: 'x' })).toThrow(/matricola/);
    expect(printerSettingsFrom(parse({}), 'off')).toEqual({ mode: 'off' });
  });
});
