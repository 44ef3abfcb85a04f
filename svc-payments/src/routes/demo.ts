import type { Router } from 'express';
import {
  endpoint,
  type DemoPaymentDecision,
  type DemoPaymentKind as Kind,
  type DemoPaymentView,
} from '@edicola/contracts';
import { conflict, notFound, routeServer } from '@edicola/platform';
import { abandonPaypal } from '../payments/abandon';
import { webBase, type PaymentDeps } from '../payments/deps';
import { paymentByProviderObject } from '../payments/records';
import { orderReference } from '../payments/state';
import { DemoStateError, type DemoControls } from '../providers';

const DEMO_ONLY = 'Pagamento dimostrativo non disponibile';

function controlsOf(deps: PaymentDeps, kind: Kind): DemoControls {
  const controls = kind === 'paypal' ? deps.providers.demo.paypal : deps.providers.demo.stripe;
  if (!controls) throw notFound(DEMO_ONLY);
  return controls;
}

async function paymentOf(deps: PaymentDeps, kind: Kind, id: string) {
  const payment = await paymentByProviderObject(
    deps.database.db,
    kind === 'paypal' ? 'paypal' : 'stripe',
    id,
  );
  const methods = kind === 'card' ? ['card'] : kind === 'klarna' ? ['klarna', 'klarna-now'] : ['paypal'];
  if (!payment || !methods.includes(payment.method)) throw notFound(DEMO_ONLY);
  return payment;
}

/**
 * The shop's demo payment page (demo mode only; 404 for a live provider): what the fake provider's hosted page would
 * show, and the buyer's approve or decline, after which the fake sends its signed webhook and the browser goes where
 * the provider would send it.
 */
export function demoRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(endpoint('GET /payments/demo/:kind/:id'), async ({ params }): Promise<DemoPaymentView> => {
    const controls = controlsOf(deps, params.kind);
    const payment = await paymentOf(deps, params.kind, params.id);
    const view = await controls.view(params.kind, params.id);
    if (!view) throw notFound(DEMO_ONLY);
    return {
      kind: params.kind,
      id: params.id,
      order_reference: orderReference(payment.orderId),
      customer_email: view.customer_email,
      amount: view.amount / 100,
      currency: 'EUR',
      status: view.status,
      lines: view.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.amount / 100 })),
    };
  });

  for (const decision of ['approve', 'decline'] as const) {
    serve(
      endpoint(`POST /payments/demo/:kind/:id/${decision}`),
      async ({ params }, req): Promise<DemoPaymentDecision> => {
        const controls = controlsOf(deps, params.kind);
        await paymentOf(deps, params.kind, params.id);
        const view = await controls.view(params.kind, params.id);
        if (!view) throw notFound(DEMO_ONLY);
        if (view.status !== 'open' && view.status !== 'declined')
          throw conflict('Questo pagamento è già stato deciso o è scaduto');
        const made = await controls[decision](params.kind, params.id).catch((error: unknown) => {
          if (error instanceof DemoStateError)
            throw conflict('Questo pagamento è già stato deciso o è scaduto');
          throw error;
        });
        // The provider's webhook reaches this service before the browser reaches the next page.
        await controls.settled();
        // PayPal tells nobody of a buyer who declines: its cancel_url does (the cancelled page calls cancel-order);
        // the demo ends the attempt here already, as a decline on any provider's page does.
        if (params.kind === 'paypal' && decision === 'decline') await abandonPaypal(deps, params.id);
        return {
          redirect_url:
            made.redirect_url ??
            (await redirectUrl(deps, params.kind, params.id, decision, req.get('origin'))),
        };
      },
    );
  }
}

async function redirectUrl(
  deps: PaymentDeps,
  kind: Kind,
  id: string,
  decision: 'approve' | 'decline',
  origin: string | undefined,
): Promise<string> {
  const web = webBase(deps, origin);
  const q = encodeURIComponent(id);
  switch (kind) {
    case 'card': {
      const session = await deps.providers.stripe.client.checkout.sessions.retrieve(id).catch(() => null);
      const target = decision === 'approve' ? session?.success_url : session?.cancel_url;
      if (target) return target.replace('{CHECKOUT_SESSION_ID}', q);
      return decision === 'approve'
        ? `${web}/checkout/success?session_id=${q}`
        : `${web}/checkout/cancelled?session_id=${q}`;
    }
    case 'klarna': {
      const intent = await deps.providers.stripe.client.paymentIntents.retrieve(id);
      const params = new URLSearchParams({
        payment_intent: id,
        payment_intent_client_secret: intent.client_secret ?? '',
        redirect_status: decision === 'approve' ? 'succeeded' : 'failed',
      });
      return `${web}/payment-success?${params.toString()}`;
    }
    case 'paypal':
      return decision === 'approve'
        ? `${web}/checkout/success?provider=paypal&token=${q}&PayerID=DEMOPAYER${q.slice(-5)}`
        : `${web}/checkout/cancelled?provider=paypal&token=${q}`;
  }
}
