import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { paymentRecords } from '../src/db/schema';
import type { FakePaypal, FakeStripe } from '../src/fakes';
import { createPaymentsService } from '../src/service';
import { checkoutBody, startHarness, WEB, type Harness } from './harness';

// The real svc-payments app in demo mode (its fakes in process, svc-orders' internal endpoints stood in for on
// loopback) answers what mf-checkout's API client expects (contracts/pacts/mf-checkout-svc-payments.json, written by
// mf-checkout's consumer test). The states make the objects the pact names with those very ids (the fakes' newId).
const PACT = path.resolve(__dirname, '../../contracts/pacts/mf-checkout-svc-payments.json');
const PACT_KLARNA_SECRET = 'pi_pact_klarna_secret_pact';

describe('svc-payments honours its pact with mf-checkout', () => {
  let h: Harness;
  let server: Server;
  const fakes: { stripe: FakeStripe | null; paypal: FakePaypal | null } = { stripe: null, paypal: null };
  const nextIds: Partial<Record<'checkout.session' | 'payment_intent' | 'order', string>> = {};
  const takeId = (kind: keyof typeof nextIds) => {
    const id = nextIds[kind];
    delete nextIds[kind];
    return id;
  };
  /** The real client secret of the intent the pact calls pi_pact_klarna. */
  let klarnaSecret: string | null = null;

  beforeAll(async () => {
    const definition = createPaymentsService({
      demo: {
        stripeNewId: takeId,
        paypalNewId: takeId,
        onStart: (started) => Object.assign(fakes, started),
      },
    });
    h = await startHarness('demo', {}, definition);
    server = await h.service.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await h?.stop();
  });

  /** Nothing left of an earlier state under that provider id. */
  const forget = (providerObjectId: string) =>
    h.db.delete(paymentRecords).where(eq(paymentRecords.providerObjectId, providerObjectId));

  async function cardSession(id: string) {
    await forget(id);
    nextIds['checkout.session'] = id;
    const res = await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(1));
    if (res.status !== 200 || res.body.session_id !== id)
      throw new Error(`card session: ${JSON.stringify(res.body)}`);
  }

  it(
    'verifies every interaction of mf-checkout',
    () =>
      new Verifier({
        provider: 'svc-payments',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [PACT],
        stateHandlers: {
          'demo mode': async () => undefined,
          'the catalogue has an article in stock': async (params) => {
            const p = (params ?? {}) as { article_id: string; price: number; iva_percentage: number };
            h.orders.addArticle(p.article_id, { price: Number(p.price), iva: Number(p.iva_percentage) });
            return undefined;
          },
          'an open card checkout session cs_pact_open exists': async () => {
            await cardSession('cs_pact_open');
            return undefined;
          },
          'a paid card checkout session cs_pact_paid exists': async () => {
            await cardSession('cs_pact_paid');
            fakes.stripe!.approve('card', 'cs_pact_paid');
            await fakes.stripe!.settled();
            return undefined;
          },
          'a demo card session cs_pact_demo is open': async () => {
            await cardSession('cs_pact_demo');
            return undefined;
          },
          'a pending Klarna order 6f1c1c3e-6c2b-4a57-9d0a-1b2c3d4e5f60 exists': async () => {
            const orderId = '6f1c1c3e-6c2b-4a57-9d0a-1b2c3d4e5f60';
            await h.db.delete(paymentRecords).where(eq(paymentRecords.orderId, orderId));
            h.orders.place(orderId, 'klarna');
            return undefined;
          },
          'a Klarna payment intent pi_pact_klarna succeeded': async () => {
            await forget('pi_pact_klarna');
            const orderId = randomUUID();
            h.orders.place(orderId, 'klarna');
            nextIds.payment_intent = 'pi_pact_klarna';
            const res = await h
              .api()
              .post('/payments/klarna/create-intent')
              .send({ order_id: orderId, customer_email: 'mario.rossi@example.it' });
            if (res.body.payment_intent_id !== 'pi_pact_klarna') throw new Error(JSON.stringify(res.body));
            klarnaSecret = res.body.client_secret as string;
            fakes.stripe!.approve('klarna', 'pi_pact_klarna');
            await fakes.stripe!.settled();
            return undefined;
          },
          'an approved PayPal order PAYPAL-PACT-1 exists': async () => {
            await forget('PAYPAL-PACT-1');
            nextIds.order = 'PAYPAL-PACT-1';
            const res = await h.api().post('/paypal/create-order').set('origin', WEB).send(checkoutBody(1));
            if (res.body.order_id !== 'PAYPAL-PACT-1') throw new Error(JSON.stringify(res.body));
            fakes.paypal!.approve('PAYPAL-PACT-1');
            return undefined;
          },
        },
        // The pact holds a placeholder for the intent's client secret, which the provider makes up: the real one
        // goes in its place (the check of the secret itself is tested in klarna.test.ts).
        requestFilter: (req, _res, next) => {
          const body = req.body as { client_secret?: string } | undefined;
          if (
            req.path === '/payments/klarna/verify' &&
            body?.client_secret === PACT_KLARNA_SECRET &&
            klarnaSecret
          ) {
            body.client_secret = klarnaSecret;
            req.headers['content-length'] = String(Buffer.byteLength(JSON.stringify(body)));
          }
          next();
        },
        logLevel: 'warn',
      }).verifyProvider(),
    120_000,
  );
});
