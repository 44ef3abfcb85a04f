import { badRequest } from '@edicola/platform';
import { applyCaptureIn, paypalPaymentOfCapture } from '../payments/apply';
import { safeError } from '../payments/common';
import { providerError, type PaymentDeps } from '../payments/deps';
import { paymentByProviderPayment } from '../payments/records';
import { markRefunded } from '../payments/state';
import {
  linkOf,
  paypalCents,
  type PaypalCapture,
  type PaypalRefund,
  type PaypalWebhookEvent,
} from '../providers/paypal';
import { firstSeen } from './dedup';
import { BAD_SIGNATURE } from './stripe';

/**
 * A PayPal webhook delivery: verified by PayPal's verify-webhook-signature call (with PAYPAL_WEBHOOK_ID), stored by
 * its id and applied once. Captures completed or denied, and refunds (ours, or made in PayPal's dashboard).
 */
export async function handlePaypalWebhook(
  deps: PaymentDeps,
  rawBody: Buffer | string,
  headers: Record<string, string | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  const paypal = deps.providers.paypal;
  let event: PaypalWebhookEvent;
  try {
    event = JSON.parse(rawBody.toString()) as PaypalWebhookEvent;
    if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string')
      throw new Error('shape');
  } catch {
    throw badRequest('Evento PayPal non valido');
  }
  let verified: boolean;
  try {
    verified = await paypal.client.verifyWebhookSignature(headers, event, paypal.webhookId);
  } catch (error) {
    // PayPal could not be asked: 502, so PayPal delivers again later.
    deps.logger.warn({ err: safeError(error) }, 'paypal webhook verification failed');
    throw providerError('Verifica del webhook PayPal non riuscita');
  }
  if (!verified) {
    deps.logger.warn('paypal webhook with a bad signature refused');
    throw badRequest(BAD_SIGNATURE);
  }
  let changed = false;
  const fresh = await deps.database.db.transaction(async (tx) => {
    if (!(await firstSeen(tx, 'paypal', event.id, event.event_type))) return false;
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const capture = event.resource as unknown as PaypalCapture;
        const payment = await paypalPaymentOfCapture(tx, capture);
        if (payment)
          changed = await applyCaptureIn({ tx, bus: deps.bus, logger: deps.logger }, payment.id, capture);
        break;
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund; its `up` link names the capture.
        const refund = event.resource as unknown as PaypalRefund;
        const captureId = /\/captures\/([^/?#]+)/.exec(linkOf(refund.links, 'up') ?? '')?.[1];
        const payment = captureId ? await paymentByProviderPayment(tx, 'paypal', captureId) : null;
        if (payment) {
          changed = await markRefunded({ tx, bus: deps.bus }, payment.id, {
            id: refund.id,
            cents: refund.amount ? paypalCents(refund.amount.value) : null,
          });
        }
        break;
      }
      default:
        break;
    }
    return true;
  });
  deps.logger.info(
    { event_id: event.id, type: event.event_type, duplicate: !fresh, changed },
    'paypal webhook',
  );
  return { received: true, duplicate: !fresh };
}
