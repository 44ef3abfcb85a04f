import type { KlarnaIntentResponse } from '@edicola/contracts';
import type { OrderConfirmation } from './api';
import { checkoutAttempts, checkoutDraft, EMPTY_DRAFT, resetDraft } from './checkoutDraft';
import { EMPTY_FORM } from './checkoutForm';
import {
  checkoutReducer,
  initialCheckoutState,
  type CheckoutAction,
  type CheckoutState,
} from './checkoutReducer';

const intent = { payment_intent_id: 'pi_1', client_secret: 'pi_1_secret' } as KlarnaIntentResponse;
const confirmation = { order_id: 'o-1' } as OrderConfirmation;

const run = (state: CheckoutState, ...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, state);

describe('the checkout reducer', () => {
  const start = initialCheckoutState(EMPTY_DRAFT, false);

  it('opens at the cart, or at the payment methods when asked for', () => {
    expect(start).toEqual({ step: 'cart', draft: EMPTY_DRAFT, klarna: null, confirmation: null });
    expect(initialCheckoutState(EMPTY_DRAFT, true).step).toBe('payment');
  });

  it('goes cart → payment → details with the chosen method, and back', () => {
    const details = run(start, { type: 'choosePayment' }, { type: 'methodChosen', method: 'card' });
    expect(details.step).toBe('details');
    expect(details.draft.method).toBe('card');
    expect(run(details, { type: 'choosePayment' }).step).toBe('payment');
    expect(run(details, { type: 'choosePayment' }, { type: 'backToCart' }).step).toBe('cart');
  });

  it('ends at the confirmation of a placed transfer order', () => {
    const done = run(
      start,
      { type: 'methodChosen', method: 'transfer' },
      { type: 'orderPlaced', confirmation },
    );
    expect(done).toMatchObject({ step: 'done', confirmation });
  });

  it('shows the Klarna step with its intent; cancelling it goes back to the details without it', () => {
    const klarna = run(start, { type: 'methodChosen', method: 'klarna' }, { type: 'klarnaStarted', intent });
    expect(klarna).toMatchObject({ step: 'klarna', klarna: intent });
    expect(run(klarna, { type: 'klarnaCancelled' })).toMatchObject({ step: 'details', klarna: null });
  });

  it('back from the payment page through the history: the details again; other steps stay', () => {
    const leaving = run(start, { type: 'methodChosen', method: 'paypal' }, { type: 'leaving' });
    expect(leaving.step).toBe('redirect');
    expect(run(leaving, { type: 'pageRestored' }).step).toBe('details');
    expect(run(start, { type: 'pageRestored' })).toBe(start);
  });

  it("asks the country again when the zone leaves the form's country behind (Italy for the national zone)", () => {
    const abroad = run(start, { type: 'zoneChanged', zone: 'international' });
    expect(abroad.draft).toMatchObject({ zone: 'international', form: { country: '' } });
    const home = run(abroad, { type: 'zoneChanged', zone: 'national' });
    expect(home.draft).toMatchObject({ zone: 'national', form: { country: 'IT' } });
    const france = run(abroad, { type: 'formChanged', form: { ...abroad.draft.form, country: 'FR' } });
    expect(run(france, { type: 'zoneChanged', zone: 'international' }).draft.form.country).toBe('FR');
  });

  it('takes the zone from a country chosen in the form, and keeps it while other fields change', () => {
    const swiss = run(start, { type: 'formChanged', form: { ...EMPTY_FORM, country: 'CH' } });
    expect(swiss.draft.zone).toBe('intercontinental');
    const named = run(swiss, { type: 'formChanged', form: { ...swiss.draft.form, name: 'Mario Rossi' } });
    expect(named.draft).toMatchObject({
      zone: 'intercontinental',
      form: { name: 'Mario Rossi', country: 'CH' },
    });
  });
});

describe("the checkout's draft", () => {
  it('is kept until reset, and a reset starts a new attempt', () => {
    checkoutDraft.set({ ...EMPTY_DRAFT, method: 'paypal' });
    const key = checkoutAttempts.keyFor('attempt');
    expect(checkoutDraft.get().method).toBe('paypal');
    expect(checkoutAttempts.keyFor('attempt')).toBe(key);
    resetDraft();
    expect(checkoutDraft.get()).toEqual(EMPTY_DRAFT);
    expect(checkoutAttempts.keyFor('attempt')).not.toBe(key);
  });
});
