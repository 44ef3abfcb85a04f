import type { Router } from 'express';
import type { PaymentsConfig } from '@edicola/contracts';
import type { PaymentDeps } from '../payments/deps';

/** GET /payments/config: which providers are live, their public keys only, and the payment time limit. */
export function configRoutes(router: Router, deps: PaymentDeps) {
  router.get('/payments/config', (_req, res) => {
    const { stripe, paypal } = deps.providers;
    const body: PaymentsConfig = {
      stripe: { demo: stripe.demo, publishable_key: stripe.demo ? null : stripe.publishableKey },
      paypal: { demo: paypal.demo, client_id: paypal.demo ? null : paypal.clientId },
      timeout_minutes: deps.timeoutMinutes,
    };
    res.set('Cache-Control', 'public, max-age=60').json(body);
  });
}
