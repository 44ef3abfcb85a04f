import type { Strings } from './strings';

export const en: Strings = {
  common: {
    greeting: (name) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    signoff: 'Best regards,',
    order: 'Order',
    date: 'Date',
    quantity: 'Quantity',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    shippingFree: 'free',
    discount: (code) => `Discount (${code})`,
    total: 'Total',
    payment: 'Payment',
    methods: {
      transfer: 'Bank transfer',
      card: 'Credit card',
      stripe: 'Credit card',
      paypal: 'PayPal',
      klarna: 'Klarna, 3 interest-free instalments',
      'klarna-now': 'Klarna, pay now',
      ebay: 'eBay',
    },
    questions: (phone) => `For any question, reply to this e-mail or call us on ${phone}.`,
    backToShop: 'Back to the shop',
    viewOrder: 'View your order',
    legal: (shop) =>
      `You receive this e-mail because of an order or a request made on ${shop}. Your data is used only to handle them.`,
  },
  orderReceived: {
    subject: (reference) => `Order ${reference} received`,
    title: 'We have received your order',
    intro: (shop) => `thank you for your order on ${shop}! Here is the summary.`,
    transferTitle: 'How to pay by bank transfer',
    transferIntro: (amount) => `To complete the order, make a bank transfer of ${amount} to:`,
    holder: 'Account holder',
    iban: 'IBAN',
    bank: 'Bank',
    reason: 'Payment reference',
    amount: 'Amount',
    dueBy: (date) => `The transfer must arrive by ${date}; after that the order is cancelled.`,
    demo: 'WARNING: this is the demo IBAN of the test shop, do not make any payment.',
    afterTransfer: 'We will ship the order as soon as we receive the transfer.',
  },
  paymentReceived: {
    subject: (reference) => `Payment received, order ${reference} confirmed`,
    title: 'Payment received, order confirmed',
    intro: (amount) => `we have received your payment of ${amount}: your order is confirmed.`,
    transferIntro: 'we have received your bank transfer: your order is confirmed.',
    next: 'We will write to you again when the parcel is on its way.',
  },
  transferReminder: {
    subject: (reference) => `Reminder: bank transfer for order ${reference}`,
    title: 'Your bank transfer has not arrived yet',
    intro: (date) =>
      `we have not received the bank transfer for your order yet. If it does not arrive by ${date}, the order will be cancelled.`,
    ignore: 'If you have already paid, please ignore this message: a transfer can take a few days.',
  },
  transferExpired: {
    subject: (reference) => `Order ${reference} cancelled: transfer not received`,
    title: 'Order cancelled',
    intro: (date) =>
      `we did not receive the bank transfer by ${date}, so your order has been cancelled and the items are available again.`,
    again: 'If you still want the items, you can place a new order on our website.',
  },
  paymentFailed: {
    subject: (reference) => `Payment failed for order ${reference}`,
    title: 'The payment did not go through',
    declined: 'the payment for your order was declined. Nothing has been charged.',
    expired:
      'the time to pay for your order has run out, so the order has been cancelled. Nothing has been charged.',
    again: 'You can try again from our shop, also with another payment method.',
  },
  shipped: {
    subject: (reference) => `Your order ${reference} has been shipped`,
    title: 'Your order is on its way',
    intro: 'your order has been handed to the carrier.',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    track: 'Track the parcel',
  },
  delivered: {
    subject: (reference) => `Your order ${reference} has been delivered`,
    title: 'Order delivered',
    intro: 'your order has been delivered. We hope you enjoy it!',
  },
  cancelled: {
    subject: (reference) => `Your order ${reference} has been cancelled`,
    title: 'Order cancelled',
    intro: 'your order has been cancelled.',
    refundFollows: 'If you had already paid for it, you will receive the refund with another e-mail.',
  },
  refunded: {
    subject: (reference) => `Refund for order ${reference}`,
    title: 'Refund made',
    intro: (amount) => `we have refunded you ${amount}.`,
    partial: (amount, total) => `This is a partial refund: so far we have refunded ${amount} of ${total}.`,
    timing: 'The refund goes back to the payment method you used; it may take a few days to show.',
  },
  reviewRequest: {
    subject: (shop) => `How did it go? Leave a review on ${shop}`,
    title: 'Did you like your items?',
    intro: 'your opinion helps other collectors choose. It only takes two minutes:',
    write: (title) => `Review “${title}”`,
  },
  newsletterConfirm: {
    subject: (shop) => `Confirm your subscription to the ${shop} newsletter`,
    title: 'Confirm your subscription',
    intro: (shop) =>
      `thank you for subscribing to the ${shop} newsletter! You will get news on models, Pokémon, helmets, trucks, tuning and Panini. Confirm your subscription with the button below.`,
    confirm: 'Confirm subscription',
    ignore: 'If you did not subscribe, ignore this e-mail: without confirmation you will receive nothing.',
  },
  stockAlertConfirm: {
    subject: (article) => `Confirm your alert for “${article}”`,
    title: 'Confirm your alert',
    intro: (article, hours) =>
      `you asked to be told when “${article}” is back in stock. Please confirm with the button below within ${hours} hours: without confirmation we will not write to you again.`,
    confirm: 'Confirm the alert',
    ignore: 'If you did not ask for this, ignore this e-mail: the address will be deleted.',
    unsubscribe: 'No longer want this alert? Cancel it',
  },
  backInStock: {
    subject: (article) => `“${article}” is back in stock`,
    title: 'Back in stock',
    intro: (article) =>
      `“${article}” is available again. We write to you only once: units are few, first to order gets one.`,
    view: 'See the article',
    once: 'This was your only alert: you will get no more e-mails about this article.',
  },
  newsletter: {
    unsubscribe: 'No longer want the newsletter? Unsubscribe',
    token: 'Unsubscribe code',
  },
  contactCopy: {
    subject: (shop) => `We have received your message - ${shop}`,
    title: 'Message received',
    intro: 'thank you for writing to us: we have received your message and will answer as soon as possible.',
    yourMessage: 'Your message',
  },
  reviewReply: {
    subject: (article) => `We have answered your review of “${article}”`,
    title: 'Reply to your review',
    intro: (article) => `thank you for your review of “${article}”. Here is our reply:`,
    reply: "The shop's reply",
  },
  passwordReset: {
    subject: (shop) => `Reset your password at ${shop}`,
    title: 'Reset your password',
    intro: (shop) =>
      `we received a request to reset the password of your account at ${shop}. Choose a new password with the button below.`,
    button: 'Choose a new password',
    validity: (until) => `The link is valid for one hour, until ${until}, and works only once.`,
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it was.',
  },
  presale: {
    depositPaid: (amount) => `Deposit paid: ${amount}`,
    balance: (amount) => `Balance to pay: ${amount}`,
    balanceSubject: (article) => `It has arrived: ${article}. Pay the balance`,
    balanceTitle: 'Your item has arrived',
    balanceIntro: (article) =>
      `“${article}” has arrived from the supplier and one is set aside for you. To receive it, pay the balance with the method you prefer.`,
    dueBy: (date) =>
      `Please pay the balance by ${date}: after that date the item goes to the next person in line, as the terms of sale say.`,
    payButton: 'Pay the balance',
    shortSubject: (article) => `${article}: short delivery`,
    shortTitle: 'Short delivery',
    shortIntro: (article) =>
      `the supplier delivered fewer “${article}” than were pre-ordered, and there were not enough to reach your order.`,
    shortChoice:
      'You can wait for the next delivery and keep your place in line, or get your deposit back. Choose on your order’s page.',
    chooseButton: 'Choose on the order page',
    dateSubject: (article) => `${article}: the release date has changed`,
    dateTitle: 'New release date',
    dateIntro: (article, date) =>
      `the release date of “${article}” has changed: it is now expected on ${date}. Your order and your deposit remain valid.`,
    dateUnknown: (article) =>
      `the release date of “${article}” has changed and is not confirmed yet: we will write as soon as we know it. Your order and your deposit remain valid.`,
    lapsedSubject: (article) => `${article}: balance not received`,
    lapsedTitle: 'Order closed',
    lapsedIntro: (article) =>
      `we did not receive the balance for “${article}” by the deadline: the item went to the next person in line and your order is closed.`,
    lapsedRefunded: (amount) => `We are returning your deposit of ${amount} by the method you paid it with.`,
    lapsedKept: (amount) => `As the terms of sale say, the deposit of ${amount} is kept by the shop.`,
  },
};
