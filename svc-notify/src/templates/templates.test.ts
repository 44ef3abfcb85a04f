import { LANGUAGES, type Language } from '@edicola/contracts';
import type { Mail } from '../mail/transport';
import { transferOrder } from '../../test/order-fixture';
import {
  cancelledMail,
  contactCopyMail,
  deliveredMail,
  newsletterConfirmMail,
  orderReceivedMail,
  passwordResetMail,
  paymentFailedMail,
  paymentReceivedMail,
  refundedMail,
  reviewReplyMail,
  reviewRequestMail,
  shippedMail,
  transferExpiredMail,
  transferReminderMail,
} from './customer-mails';
import { lowStockToShop, newOrderToShop, refundFailedToShop } from './shop-mails';
import type { ShopDetails } from './Layout';
import { STRINGS } from './locales';

const shop: ShopDetails = {
  name: 'Edicola Napoli',
  email: 'negozio@edicola.example',
  phone: '+39 081 555 0123',
  street: 'Via Toledo 256',
  city: '80134 Napoli (NA)',
  country: 'Italia',
  webUrl: 'https://shop.example.it',
};
const due = new Date('2026-11-29T09:30:00.000Z');

/** Every customer e-mail, rendered for one language. */
function everyMail(language: Language): Record<string, Promise<Mail>> {
  const order = transferOrder('5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678', 'cliente@example.it', language);
  return {
    orderReceived: orderReceivedMail(order, shop, due),
    paymentReceived: paymentReceivedMail(order, shop, order.total_cents),
    transferReceived: paymentReceivedMail(order, shop, null),
    transferReminder: transferReminderMail(order, shop, due),
    transferExpired: transferExpiredMail(order, shop, due),
    paymentFailed: paymentFailedMail(order, shop, 'declined'),
    paymentExpired: paymentFailedMail(order, shop, 'expired'),
    shipped: shippedMail(order, shop, {
      carrier: 'BRT',
      trackingNumber: 'TRK1',
      trackingUrl: 'https://track.example/TRK1',
    }),
    delivered: deliveredMail(order, shop),
    cancelled: cancelledMail(order, shop, true),
    refunded: refundedMail(order, shop, { amountCents: 5000, refundedTotalCents: 5000, partial: true }),
    reviewRequest: reviewRequestMail(order, shop),
    newsletterConfirm: newsletterConfirmMail(
      {
        email: 'cliente@example.it',
        name: 'Giulia',
        language,
        confirmUrl: 'https://shop.example.it/newsletter/confirm?token=c1',
        unsubscribeUrl: 'https://shop.example.it/newsletter/unsubscribe?token=u1',
        token: 'u1',
      },
      shop,
    ),
    contactCopy: contactCopyMail(
      { name: 'Giulia', email: 'cliente@example.it', messaggio: 'Ciao', language },
      shop,
    ),
    reviewReply: reviewReplyMail(
      {
        customerName: 'Giulia',
        customerEmail: 'cliente@example.it',
        articleTitle: 'Album Calciatori 2026',
        replyText: 'Grazie!',
        language,
      },
      shop,
    ),
    passwordReset: passwordResetMail(
      {
        email: 'cliente@example.it',
        name: 'Giulia',
        language,
        resetUrl: 'https://shop.example.it/reimposta-password?token=r1',
        expiresAt: '2026-11-29T17:00:00.000Z',
      },
      shop,
    ),
  };
}

/** The keys of a strings object, nested, with the arity of each text function. */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value === 'function') return [`${prefix}(${value.length})`];
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as object)
    .flatMap(([key, inner]) => shape(inner, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe('the e-mail templates', () => {
  it.each(LANGUAGES.filter((l) => l !== 'it'))('have every Italian text in %s, none empty', (language) => {
    expect(shape(STRINGS[language])).toEqual(shape(STRINGS.it));
    const empty = shape(STRINGS[language]).filter((key) => {
      const text = key
        .replace(/\(\d\)$/, '')
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], STRINGS[language]);
      return typeof text === 'function' ? !text('X', 'Y').trim() : !String(text).trim();
    });
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)(
    'render every e-mail in %s: HTML in that language and its text, nothing unrendered',
    async (language) => {
      const mails = everyMail(language);
      const italian = everyMail('it');
      for (const [name, pending] of Object.entries(mails)) {
        const mail = await pending;
        expect({ name, lang: /<html[^>]* lang="(\w+)"/.exec(mail.html!)?.[1] }).toEqual({
          name,
          lang: language,
        });
        for (const body of [mail.subject, mail.text, mail.html!]) {
          expect(body).not.toMatch(/\{\{|undefined|NaN|\[object Object\]|^\s*$/);
        }
        expect(mail.text).toContain('Via Toledo 256');
        expect(mail.text).toContain(STRINGS[language].common.legal('Edicola Napoli'));
        if (language !== 'it')
          expect({ name, subject: mail.subject }).not.toEqual({
            name,
            subject: (await italian[name])!.subject,
          });
      }
    },
  );

  it.each(LANGUAGES)(
    'link the order page with its token in every e-mail about an order, in %s',
    async (language) => {
      const mails = everyMail(language);
      const order = transferOrder('5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678', 'cliente@example.it', language);
      // The page opens in the e-mail's language: its prefix (none for Italian), which the shop takes and drops.
      const prefix = language === 'it' ? '' : `/${language}`;
      const link = `https://shop.example.it${prefix}/ordini/${order.order_id}?t=${order.order_token}`;
      const aboutAnOrder = Object.keys(mails).filter(
        (name) => !/^(newsletter|contact|reviewReply|passwordReset)/.test(name),
      );
      expect(aboutAnOrder).toHaveLength(12);
      for (const name of aboutAnOrder) {
        const mail = await mails[name]!;
        expect({ name, linked: mail.html!.includes(`href="${link}"`) }).toEqual({ name, linked: true });
        expect({ name, text: mail.text.includes(STRINGS[language].common.viewOrder) }).toEqual({
          name,
          text: true,
        });
      }
      // An order whose event carried no token (an eBay order, an older event) gets no broken link.
      const { order_token: _token, ...older } = order;
      expect((await deliveredMail(older, shop)).html).not.toContain('/ordini/');
    },
  );

  it('writes amounts and dates the way each language does', async () => {
    const text = async (language: Language) =>
      (await everyMail(language).orderReceived!).text.replace(/[\u00a0\u202f]/g, ' ');
    expect(await text('it')).toContain('134,26 €');
    expect(await text('en')).toContain('€134.26');
    expect(await text('de')).toContain('134,26 €');
    expect(await text('nl')).toContain('€ 134,26');
    expect(await text('it')).toContain('29 novembre 2026');
    expect(await text('fr')).toContain('29 novembre 2026');
    expect(await text('ru')).toContain('29 ноября 2026');
  });

  it('shows the discount code and what it took off (docs/product/cart-and-checkout.md#discount-codes)', async () => {
    const order = transferOrder('5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678', 'cliente@example.it', 'it');
    const discounted = {
      ...order,
      discount_code: 'ESTATE10',
      discount_cents: 1218,
      total_cents: order.total_cents - 1218,
    };
    const text = (await orderReceivedMail(discounted, shop, due)).text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Sconto (ESTATE10)');
    expect(text).toContain('−12,18 €');
    expect((await orderReceivedMail(order, shop, due)).text).not.toContain('Sconto');
  });

  it("gives the reset link and the moment it ends in the reader's language (docs/product/account.md#password-reset)", async () => {
    const it = await everyMail('it').passwordReset!;
    expect(it.html).toContain('href="https://shop.example.it/reimposta-password?token=r1"');
    expect(it.text).toContain("Il link vale un'ora, fino al 29 novembre 2026");
    expect(it.text).toContain('18:00');
    const en = await everyMail('en').passwordReset!;
    expect(en.text).toContain('until 29 November 2026 at 18:00');
  });

  it('keeps what a visitor typed as text: no markup gets into the HTML', async () => {
    const mail = await contactCopyMail(
      {
        name: '<b>Ciro</b>',
        email: 'c@example.it',
        messaggio: '<script>alert(1)</script>\nriga due',
        language: 'it',
      },
      shop,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('riga due');
  });

  describe("the shop's e-mails", () => {
    const order = transferOrder('5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678', 'cliente@example.it', 'en');
    const orderPage = 'https://shop.example.it/gestione/ordini/5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
    const plain = (mail: Mail) => mail.text.replace(/[\u00a0\u202f]/g, ' ');

    it('a new order: in Italian, the link to its page in the back office, where to ship it and what to pack', async () => {
      const mail = await newOrderToShop(order, shop, false);
      expect(mail.to).toBe(shop.email);
      expect(mail.replyTo).toBe('cliente@example.it');
      expect(mail.html).toContain('lang="it"');
      expect(mail.html).toContain(`href="${orderPage}"`);
      expect(plain(mail)).toContain(
        ['Spedire a:', 'Giulia Russo', 'Via dei Mille 12', '80121 Napoli', 'Italia'].join('\n'),
      );
      expect(plain(mail)).toContain(
        [
          'Da preparare:',
          '2 × Ferrari 312T Niki Lauda 1:43 - SKU MOD-001',
          '1 × Album Calciatori 2026 - SKU PAN-010',
        ].join('\n'),
      );
      expect(plain(mail)).toContain('Totale\n134,26 €');
    });

    it('an order announced before its event carried the address: the country, and where to find the rest', async () => {
      const { shipping_address: _, ...older } = order;
      const mail = await newOrderToShop({ ...older, shipping_country: 'FR' }, shop, true);
      expect(plain(mail)).toContain("Spedire a:\nFrancia (indirizzo completo nella pagina dell'ordine)");
      expect(mail.html).toContain(`href="${orderPage}"`);
      expect(mail.html).not.toMatch(/undefined|null/);
    });

    it("every one links the page it is about in the back office, none the storefront's /admin", async () => {
      const refund = await refundFailedToShop(
        {
          orderId: order.order_id,
          orderReference: order.order_reference,
          paymentId: 'pay_1',
          amountCents: 5000,
          error: 'card_declined',
        },
        shop,
      );
      expect(refund.html).toContain(`href="${orderPage}"`);
      const stock = await lowStockToShop(
        {
          article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
          sku: 'MOD 001/A',
          title: 'Ferrari 312T',
          quantity_stock: 1,
          threshold: 2,
          occurred_at: '2026-11-22T09:30:00.000Z',
        },
        shop,
      );
      expect(stock.html).toContain('href="https://shop.example.it/gestione/articoli?q=MOD+001%2FA"');
      for (const mail of [await newOrderToShop(order, shop, true), refund, stock]) {
        expect(mail.html).not.toMatch(/href="[^"]*\/admin[/"?]/);
      }
    });
  });
});
