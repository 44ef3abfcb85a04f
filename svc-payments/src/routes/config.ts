import type { Router } from 'express';
import { endpoint, type PaymentsConfig } from '@edicola/contracts';
import { routeServer } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';

/**
 * GET /payments/config: the payments mode and each method's state (the checkout offers only the methods that are not
 * off, and shows its demo notice only for demo ones), the providers' public keys only, and the payment time limit.
 */
export function configRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(endpoint('GET /payments/config'), (_input, _req, res): PaymentsConfig => {
    const { stripe, paypal, mode } = deps.providers;
    const body: PaymentsConfig = {
      mode,
      methods: { card: stripe.mode, klarna: stripe.mode, paypal: paypal.mode, transfer: 'live' },
      stripe: { demo: stripe.demo, publishable_key: stripe.mode === 'live' ? stripe.publishableKey : null },
      paypal: { demo: paypal.demo, client_id: paypal.mode === 'live' ? paypal.clientId : null },
      timeout_minutes: deps.timeoutMinutes,
    };
    res.set('Cache-Control', 'public, max-age=60');
    return body;
  });
}
