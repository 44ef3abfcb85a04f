import type { Request, Router } from 'express';
import { badRequest, routeServer } from '@edicola/platform';
import { endpoint } from '@edicola/contracts';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { handlePaypalWebhook } from '../webhooks/paypal';
import { handleStripeWebhook } from '../webhooks/stripe';

function rawBody(req: Request): Buffer {
  // The platform hands /webhooks/* the raw body, as signatures need it.
  if (!Buffer.isBuffer(req.body)) throw badRequest('Corpo del webhook mancante');
  return req.body;
}

/** Provider webhooks: verified, stored by event id, applied once. */
export function webhookRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(endpoint('POST /webhooks/stripe'), [providerOn(deps, 'stripe')], async (_input, req, res) => {
    res.json(await handleStripeWebhook(deps, rawBody(req), req.get('stripe-signature')));
  });
  serve(endpoint('POST /webhooks/paypal'), [providerOn(deps, 'paypal')], async (_input, req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
    );
    res.json(await handlePaypalWebhook(deps, rawBody(req), headers));
  });
}
