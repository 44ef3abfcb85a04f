import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@edicola/platform';
import { tokenCipher, tokenKeyFrom } from '../src/ebay-account/token-cipher';
import { ebaySettingsSchema, ebaySetupFrom } from '../src/settings';

const configOf = (vars: Record<string, string>) => loadConfig(ebaySettingsSchema, vars);

describe('eBay settings', () => {
  it('is demo in the all-in-one shop and off on its own, unless EBAY_MODE says otherwise', () => {
    expect(ebaySetupFrom(configOf({}), { embedded: true }).mode).toBe('demo');
    expect(ebaySetupFrom(configOf({}), { embedded: false }).mode).toBe('off');
    expect(ebaySetupFrom(configOf({ EBAY_MODE: 'off' }), { embedded: true }).mode).toBe('off');
  });

  it('refuses live mode without every credential, naming what is missing', () => {
    const attempt = () =>
      ebaySetupFrom(configOf({ EBAY_MODE: 'live', EBAY_CLIENT_ID: 'id' }), { embedded: false });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/EBAY_CLIENT_SECRET.*\n.*EBAY_RU_NAME/s);
    const live = {
      EBAY_MODE: 'live',
      EBAY_CLIENT_ID: 'id',
      EBAY_CLIENT_SECRET: 'secret',
      EBAY_RU_NAME: 'Edicola-Edicola-PRD',
      EBAY_FULFILLMENT_POLICY_ID: '1',
      EBAY_PAYMENT_POLICY_ID: '2',
      EBAY_RETURN_POLICY_ID: '3',
    };
    expect(() =>
      ebaySetupFrom(configOf({ ...live, EBAY_TOKEN_KEY: 'c2hvcnQ=' }), { embedded: false }),
    ).toThrow(/32 bytes/);
    const key = randomBytes(32).toString('base64');
    expect(ebaySetupFrom(configOf({ ...live, EBAY_TOKEN_KEY: key }), { embedded: false }).mode).toBe('live');
  });

  it('reads the category ids as JSON over the defaults', () => {
    const setup = ebaySetupFrom(configOf({ EBAY_CATEGORY_IDS: '{"Fumetti":"259104"}' }), { embedded: true });
    expect(setup.categoryIds).toMatchObject({ Fumetti: '259104', Pokemon: '183454' });
    expect(() => configOf({ EBAY_CATEGORY_IDS: 'no' })).toThrow(ConfigError);
  });
});

describe('the tokens at rest', () => {
  it('seals with AES-256-GCM: unreadable, different every time, refused when tampered with', () => {
    const cipher = tokenCipher(randomBytes(32));
    const token = 'v^1.1#i^1#r^1#refresh-token';
    const a = cipher.seal(token);
    expect(a).not.toContain('refresh');
    expect(cipher.seal(token)).not.toBe(a);
    expect(cipher.open(a)).toBe(token);
    const parts = a.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3]!, 'base64url').toString()).toString('base64url');
    expect(() => cipher.open(parts.join('.'))).toThrow();
    expect(() => tokenCipher(randomBytes(32)).open(a)).toThrow();
  });

  it('generates the demo key once into DATA_DIR, readable by the owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edicola-key-'));
    try {
      const key = tokenKeyFrom(undefined, dir);
      expect(key).toHaveLength(32);
      expect(tokenKeyFrom(undefined, dir).equals(key)).toBe(true);
      expect(statSync(path.join(dir, 'ebay-token.key')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
