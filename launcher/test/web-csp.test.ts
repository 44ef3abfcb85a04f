import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startWeb } from '../src/distributed';
import { contentSecurityPolicy, createWebApp, STRIPE_JS_SOURCES, type WebOptions } from '../src/web';

// The storefront's Content-Security-Policy admits exactly the provider origins the payment mode needs
// (issue 9): none in demo mode or for the PayPal redirect, Stripe.js' own when a publishable key is set.
const options: WebOptions = {
  root: '/nonexistent',
  apiPort: 1,
  apiBaseUrl: 'http://api.test:8080',
  remotesBaseUrl: 'https://cdn.edicola.example/mf',
  demoMode: true,
};

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const stripeOrigins = /stripe\.com/;

describe('Content-Security-Policy and the payment mode', () => {
  it('demo payments and PayPal (redirect) admit no provider origin at all', async () => {
    const res = await request(createWebApp(options)).get('/config.json');
    const policy = res.headers['content-security-policy'] as string;
    expect(policy).not.toMatch(stripeOrigins);
    expect(policy).not.toMatch(/paypal/i);
    const csp = directives(policy);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined(); // default-src 'self': no frames from elsewhere
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.edicola.example']); // the remotes' origin
    expect(csp['connect-src']).toEqual(["'self'", 'http://api.test:8080', 'https://cdn.edicola.example']);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('with Stripe.js (a publishable key) adds exactly its script, frame and API origins', async () => {
    const res = await request(createWebApp({ ...options, stripeJs: true })).get('/config.json');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.edicola.example', 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'http://api.test:8080',
      'https://cdn.edicola.example',
      'https://api.stripe.com',
    ]);
    // Nothing else widened: styles, images, fonts and frames of others stay the shop's own.
    for (const name of ['default-src', 'style-src', 'img-src', 'font-src', 'object-src', 'base-uri']) {
      expect(csp[name]!.join(' ')).not.toMatch(stripeOrigins);
    }
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('contentSecurityPolicy lists each Stripe source once and nothing when Stripe.js is off', () => {
    const config = {
      apiBaseUrl: 'https://api.edicola.example',
      mediaBaseUrl: 'https://api.edicola.example',
      demoMode: false,
      remotes: {
        mf_catalog: 'https://cdn.edicola.example/catalog/mf-manifest.json',
        mf_checkout: 'https://cdn.edicola.example/checkout/mf-manifest.json',
        mf_account: 'https://cdn.edicola.example/account/mf-manifest.json',
        mf_admin: 'https://cdn.edicola.example/admin/mf-manifest.json',
      },
    };
    const live = contentSecurityPolicy(config, { stripeJs: true });
    for (const source of new Set(Object.values(STRIPE_JS_SOURCES).flat())) {
      expect(live).toContain(source);
    }
    expect(live.match(/https:\/\/js\.stripe\.com/g)).toHaveLength(2); // script-src and frame-src
    expect(contentSecurityPolicy(config)).not.toMatch(stripeOrigins);
  });

  it.each([
    ['without STRIPE_PUBLISHABLE_KEY', {}, false],
    ['with STRIPE_PUBLISHABLE_KEY', { STRIPE_PUBLISHABLE_KEY: 'pk_test_edicola' }, true],
  ])('the distributed web process %s', async (_name, extra, stripe) => {
    const { server } = await startWeb({
      WEB_PORT: '0',
      HOST: '127.0.0.1',
      WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'silent',
      ...extra,
    });
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/config.json`);
      const policy = res.headers.get('content-security-policy')!;
      expect(stripeOrigins.test(policy)).toBe(stripe);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
