import type { PaymentMethod } from '@edicola/contracts';

/**
 * Every text of the customers' e-mails, in one language. Texts with values are functions, so a value can
 * never be left out or shown as a placeholder; TypeScript holds every language to the whole set.
 */
export interface Strings {
  common: {
    greeting: (name: string) => string;
    greetingNoName: string;
    signoff: string;
    order: string;
    date: string;
    quantity: string;
    subtotal: string;
    shipping: string;
    shippingFree: string;
    /** The discount code's line (docs/product/cart-and-checkout.md#discount-codes). */
    discount: (code: string) => string;
    total: string;
    payment: string;
    methods: Record<PaymentMethod | 'ebay', string>;
    questions: (phone: string) => string;
    backToShop: string;
    /** The button to the order's page (docs/product/account.md#order-page). */
    viewOrder: string;
    /** The footer's line on why this e-mail came. */
    legal: (shop: string) => string;
  };
  orderReceived: {
    subject: (reference: string) => string;
    title: string;
    intro: (shop: string) => string;
    transferTitle: string;
    transferIntro: (amount: string) => string;
    holder: string;
    iban: string;
    bank: string;
    reason: string;
    amount: string;
    dueBy: (date: string) => string;
    demo: string;
    afterTransfer: string;
  };
  paymentReceived: {
    subject: (reference: string) => string;
    title: string;
    intro: (amount: string) => string;
    /** A bank transfer staff recorded; no amount: what arrived may differ from the total, which staff settle. */
    transferIntro: string;
    next: string;
  };
  transferReminder: {
    subject: (reference: string) => string;
    title: string;
    intro: (date: string) => string;
    ignore: string;
  };
  transferExpired: {
    subject: (reference: string) => string;
    title: string;
    intro: (date: string) => string;
    again: string;
  };
  paymentFailed: {
    subject: (reference: string) => string;
    title: string;
    declined: string;
    expired: string;
    again: string;
  };
  shipped: {
    subject: (reference: string) => string;
    title: string;
    intro: string;
    carrier: string;
    trackingNumber: string;
    track: string;
  };
  delivered: {
    subject: (reference: string) => string;
    title: string;
    intro: string;
  };
  cancelled: {
    subject: (reference: string) => string;
    title: string;
    intro: string;
    refundFollows: string;
  };
  refunded: {
    subject: (reference: string) => string;
    title: string;
    intro: (amount: string) => string;
    partial: (amount: string, total: string) => string;
    timing: string;
  };
  reviewRequest: {
    subject: (shop: string) => string;
    title: string;
    intro: string;
    write: (title: string) => string;
  };
  newsletterConfirm: {
    subject: (shop: string) => string;
    title: string;
    intro: (shop: string) => string;
    confirm: string;
    ignore: string;
  };
  /** Back-in-stock alerts (docs/product/stock-alerts.md): the double opt-in, and the one e-mail when units return. */
  stockAlertConfirm: {
    subject: (article: string) => string;
    title: string;
    intro: (article: string, hours: number) => string;
    confirm: string;
    ignore: string;
    /** The footer's link that ends the alert. */
    unsubscribe: string;
  };
  backInStock: {
    subject: (article: string) => string;
    title: string;
    intro: (article: string) => string;
    view: string;
    once: string;
  };
  newsletter: {
    unsubscribe: string;
    token: string;
  };
  contactCopy: {
    subject: (shop: string) => string;
    title: string;
    intro: string;
    yourMessage: string;
  };
  reviewReply: {
    subject: (article: string) => string;
    title: string;
    intro: (article: string) => string;
    reply: string;
  };
  /** The link to choose a new password (docs/product/account.md#password-reset). */
  passwordReset: {
    subject: (shop: string) => string;
    title: string;
    intro: (shop: string) => string;
    button: string;
    /** `until`: the moment the link stops working, in the reader's way of writing it. */
    validity: (until: string) => string;
    ignore: string;
  };
  /** A pre-order with a deposit (docs/decisions/0066-presale-deposits.md): its delivery, balance and date. */
  presale: {
    depositPaid: (amount: string) => string;
    balance: (amount: string) => string;
    balanceSubject: (article: string) => string;
    balanceTitle: string;
    balanceIntro: (article: string) => string;
    /** `date`: the balance's deadline, in the reader's way of writing it. */
    dueBy: (date: string) => string;
    payButton: string;
    shortSubject: (article: string) => string;
    shortTitle: string;
    shortIntro: (article: string) => string;
    shortChoice: string;
    chooseButton: string;
    dateSubject: (article: string) => string;
    dateTitle: string;
    dateIntro: (article: string, date: string) => string;
    dateUnknown: (article: string) => string;
    lapsedSubject: (article: string) => string;
    lapsedTitle: string;
    lapsedIntro: (article: string) => string;
    lapsedRefunded: (amount: string) => string;
    lapsedKept: (amount: string) => string;
  };
}
