export * from './fake-common';
export { createFakeStripe, type FakeStripe, type FakeStripeOptions } from './stripe-api';
export type { StripeDecision, StripeHostedKind } from './stripe-state';
export type * from './stripe-objects';
export { createFakePaypal, type FakePaypal, type FakePaypalOptions } from './paypal-api';
export type { PaypalDecision } from './paypal-state';
export type * from './paypal-objects';
