import { cartZoneOfCountry, type KlarnaIntentResponse } from '@edicola/contracts';
import type { OrderConfirmation } from './api';
import type { DetailsForm } from './checkoutForm';
import type { CheckoutDraft } from './checkoutDraft';
import type { CheckoutPaymentMethod } from './ui/PaymentStep';
import type { Zone } from './shipping';

/**
 * The checkout's steps (docs/product/cart-and-checkout.md#steps): cart → payment method → details → Klarna or
 * the payment page → done.
 */
export type Step = 'cart' | 'payment' | 'details' | 'klarna' | 'redirect' | 'done';

export interface CheckoutState {
  step: Step;
  /** What the shopper chose (the dialog keeps it in checkoutDraft between openings). */
  draft: CheckoutDraft;
  /** The Klarna payment of the order just placed (step 'klarna'). */
  klarna: KlarnaIntentResponse | null;
  /** The transfer order just placed (step 'done'). */
  confirmation: OrderConfirmation | null;
}

export type CheckoutAction =
  /** 'Procedi al Pagamento' in the cart, or 'Cambia Pagamento' in the details. */
  | { type: 'choosePayment' }
  | { type: 'backToCart' }
  | { type: 'methodChosen'; method: CheckoutPaymentMethod }
  | { type: 'zoneChanged'; zone: Zone }
  | { type: 'formChanged'; form: DetailsForm }
  | { type: 'orderPlaced'; confirmation: OrderConfirmation }
  /** Off to the card or PayPal page. */
  | { type: 'leaving' }
  | { type: 'klarnaStarted'; intent: KlarnaIntentResponse }
  | { type: 'klarnaCancelled' }
  /** The page came back from the browser's history, as it was left. */
  | { type: 'pageRestored' };

/** The state a checkout opens with: at the payment methods when asked for and the cart has lines. */
export function initialCheckoutState(draft: CheckoutDraft, startAtPayment: boolean): CheckoutState {
  return { step: startAtPayment ? 'payment' : 'cart', draft, klarna: null, confirmation: null };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'choosePayment':
      return { ...state, step: 'payment' };
    case 'backToCart':
      return { ...state, step: 'cart' };
    case 'methodChosen':
      return { ...state, step: 'details', draft: { ...state.draft, method: action.method } };
    case 'zoneChanged':
      return { ...state, draft: withZone(state.draft, action.zone) };
    case 'formChanged':
      return { ...state, draft: withForm(state.draft, action.form) };
    case 'orderPlaced':
      return { ...state, step: 'done', confirmation: action.confirmation };
    case 'leaving':
      return { ...state, step: 'redirect' };
    case 'klarnaStarted':
      return { ...state, step: 'klarna', klarna: action.intent };
    case 'klarnaCancelled':
      return { ...state, step: 'details', klarna: null };
    case 'pageRestored':
      // Back from the payment page: the details form again instead of a 'leaving' notice that never ends.
      return state.step === 'redirect' ? { ...state, step: 'details' } : state;
  }
}

// The zone chosen in the cart and the country of the details form go together: a country in another
// zone is asked again (Italy for the national zone); a country chosen in the form sets the zone.
function withZone(draft: CheckoutDraft, zone: Zone): CheckoutDraft {
  const { country } = draft.form;
  if (country && cartZoneOfCountry(country) === zone) return { ...draft, zone };
  return { ...draft, zone, form: { ...draft.form, country: zone === 'national' ? 'IT' : '' } };
}

function withForm(draft: CheckoutDraft, form: DetailsForm): CheckoutDraft {
  const countryChosen = form.country && form.country !== draft.form.country;
  return { ...draft, form, zone: countryChosen ? cartZoneOfCountry(form.country) : draft.zone };
}
