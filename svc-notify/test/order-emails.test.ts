import request from 'supertest';
import type { EventData } from '@edicola/contracts';
import { EmailLog, ProcessScheduledEmailsResponse } from '@edicola/contracts';
import { DAY_MS } from '../src/context';
import { cardOrder, transferOrder } from './order-fixture';
import { expectClean, newId, startHarness, textOf, WEB, type Harness } from './notify-harness';

const paid = (order: EventData<'order.created'>): EventData<'payment.succeeded'> => ({
  payment_id: newId(),
  order_id: order.order_id,
  method: 'card',
  provider: 'stripe',
  demo: true,
  amount_cents: order.total_cents,
  currency: 'EUR',
  captured_cents: order.total_cents,
  captured_currency: 'EUR',
  provider_payment_id: 'pi_test',
  succeeded_at: new Date().toISOString(),
});

const moved = (
  order: EventData<'order.created'>,
  version: number,
  from: EventData<'order.status_changed'>['from'],
  to: EventData<'order.status_changed'>['to'],
  extra: Partial<EventData<'order.status_changed'>> = {},
): EventData<'order.status_changed'> => ({
  order_id: order.order_id,
  order_version: version,
  from,
  to,
  items: order.items.map(({ article_id, quantity }) => ({ article_id, quantity })),
  customer_email: order.customer_email,
  tracking_number: null,
  language: order.language,
  ...extra,
});

jest.setTimeout(30_000);

describe('svc-notify: the e-mails of an order, through a real SMTP server', () => {
  let h: Harness;
  const api = () => request(h.notify.service.app);
  const processScheduled = async () => {
    const res = await api()
      .post('/admin/process-scheduled-emails')
      .set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(res.status).toBe(200);
    return ProcessScheduledEmailsResponse.parse(res.body);
  };

  beforeAll(async () => {
    h = await startHarness({
      REVIEW_REQUEST_DELAY_DAYS: '0',
      OUTSIDER_EMAILS_PER_RECIPIENT_PER_DAY: '3',
      MAIL_MAX_ATTEMPTS: '2',
      TRACKING_URL: 'https://track.example/parcel/{tracking_number}',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  it('a bank-transfer order: one "order received" in the customer language with IBAN, reason, amount and due date; the shop is told', async () => {
    const order = transferOrder(newId(), 'john.smith@example.co.uk', 'en');
    // TRANSFER_PAYMENT_DAYS (7) after the order, as the shop's time zone writes the day.
    const dueDateInEnglish = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'Europe/Rome',
    }).format(new Date(order.created_at).getTime() + 7 * DAY_MS);
    const first = await h.emit('order.created', order);
    const second = await h.emit('order.created', order); // announced again under a new event id
    await h.settled([first, second]);
    const mails = h.mailsTo('john.smith@example.co.uk');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Order ${order.order_reference} received - Edicola Napoli`);
    expect(String(mail.html)).toContain('lang="en"');
    expect(mail.replyTo?.text).toContain('negozio@edicola.example');
    const text = textOf(mail);
    for (const expected of [
      'Hello Giulia Russo,',
      '2 × Ferrari 312T Niki Lauda 1:43 (MOD-001)',
      '€121.76',
      'Shipping (Italy)',
      '€134.26',
      'make a bank transfer of €134.26',
      'IBAN: IE29 AIBK 9311 5212 3456 78',
      'Account holder: Edicola Napoli di Prova',
      `Payment reference: ${order.order_reference}`,
      `must arrive by ${dueDateInEnglish}`,
      'demo IBAN',
      'Via Toledo 256',
    ]) {
      expect(text).toContain(expected);
    }
    expectClean(mail);
    const toShop = h
      .mailsTo('negozio@edicola.example')
      .filter((m) => m.subject?.includes(order.order_reference));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]!.subject).toContain('in attesa del bonifico');
  });

  it('an online order: nothing at creation; "payment received, order confirmed" once paid, in German amounts', async () => {
    const order = cardOrder(newId(), 'hans.muller@example.de', 'de');
    const created = await h.emit('order.created', order);
    await h.settled([created]);
    expect(h.mailsTo('hans.muller')).toHaveLength(0);
    expect(
      h.mailsTo('negozio@edicola.example').filter((m) => m.subject?.includes(order.order_reference)),
    ).toHaveLength(0);

    const payment = paid(order);
    const ids = [await h.emit('payment.succeeded', payment), await h.emit('payment.succeeded', payment)];
    await h.settled(ids);
    const mails = h.mailsTo('hans.muller');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Zahlung erhalten, Bestellung ${order.order_reference} bestätigt - Edicola Napoli`,
    );
    expect(textOf(mails[0]!)).toContain('Zahlung von 134,26 € erhalten');
    expect(textOf(mails[0]!)).toContain('Kreditkarte');
    expectClean(mails[0]!);
    const toShop = h
      .mailsTo('negozio@edicola.example')
      .filter((m) => m.subject?.includes(order.order_reference));
    expect(toShop.map((m) => m.subject)).toEqual([
      `Nuovo ordine ${order.order_reference} (pagato) - 134,26 €`.replace(' €', '\u00a0€'),
    ]);
  });

  it("the shop's new-order e-mail links the order's page in the back office, with the shipping address and the lines to pack", async () => {
    const transfer = transferOrder(newId(), 'anna.esposito@example.it');
    const online = cardOrder(newId(), 'paolo.greco@example.it');
    const ids = [
      await h.emit('order.created', transfer),
      await h.emit('order.created', online),
      await h.emit('payment.succeeded', paid(online)),
    ];
    await h.settled(ids);
    for (const order of [transfer, online]) {
      const toShop = h
        .mailsTo('negozio@edicola.example')
        .filter((m) => m.subject?.includes(order.order_reference));
      expect(toShop).toHaveLength(1);
      const mail = toShop[0]!;
      const html = String(mail.html);
      expect(html).toContain(`href="${WEB}/gestione/ordini/${order.order_id}"`);
      expect(html).not.toMatch(/href="[^"]*\/admin[/"]/);
      const text = textOf(mail);
      expect(text).toContain(`Apri l'ordine nel back office ${WEB}/gestione/ordini/${order.order_id}`);
      for (const expected of [
        'Spedire a:',
        'Giulia Russo',
        'Via dei Mille 12',
        '80121 Napoli',
        'Italia',
        'Da preparare:',
        '2 × Ferrari 312T Niki Lauda 1:43 - SKU MOD-001',
        '1 × Album Calciatori 2026 - SKU PAN-010',
      ]) {
        expect(text).toContain(expected);
      }
      expectClean(mail);
    }
  });

  it('staff record a bank transfer: the buyer gets one "payment received" in the order\'s language, however often the change is announced', async () => {
    const order = transferOrder(newId(), 'carmen.lopez@example.es', 'es');
    const recorded = moved(order, 2, 'pending', 'paid');
    await h.settled([await h.emit('order.created', order)]);
    expect(h.mailsTo('carmen.lopez')).toHaveLength(1);
    const ids = [
      await h.emit('order.status_changed', recorded),
      await h.emit('order.status_changed', recorded),
    ];
    await h.settled(ids);
    const received = h.mailsTo('carmen.lopez').filter((m) => m.subject?.startsWith('Pago recibido'));
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe(`Pago recibido, pedido ${order.order_reference} confirmado - Edicola Napoli`);
    expect(String(mail.html)).toContain('lang="es"');
    expect(textOf(mail)).toContain('hemos recibido tu transferencia: tu pedido está confirmado.');
    expect(textOf(mail)).toContain('Transferencia bancaria');
    expectClean(mail);
    const log = EmailLog.parse(
      (
        await api()
          .get('/api/admin/emails')
          .query({ order_id: order.order_id })
          .set('Authorization', `Bearer ${h.tokens.staff}`)
      ).body,
    );
    expect(
      log
        .filter((e) => e.recipient === 'carmen.lopez@example.es')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['order_received', 'payment_received']);
    // A later move of the paid order tells nothing about the payment again.
    await h.settled([await h.emit('order.status_changed', moved(order, 3, 'paid', 'confirmed'))]);
    expect(h.mailsTo('carmen.lopez')).toHaveLength(2);
  });

  it('a declined then expired payment: one "payment failed" e-mail with the way back to the shop; an abandoned one sends nothing', async () => {
    const order = cardOrder(newId(), 'marie.dubois@example.fr', 'fr');
    const failure = (reason: 'declined' | 'expired' | 'abandoned'): EventData<'payment.failed'> => ({
      ...paid(order),
      reason,
      detail: null,
      failed_at: new Date().toISOString(),
    });
    const ids = [await h.emit('order.created', order), await h.emit('payment.failed', failure('declined'))];
    await h.settled(ids);
    // The expiry that follows the decline (handled after it) sends nothing more.
    await h.settled([await h.emit('payment.failed', failure('expired'))]);
    const mails = h.mailsTo('marie.dubois');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Échec du paiement de la commande ${order.order_reference} - Edicola Napoli`,
    );
    expect(textOf(mails[0]!)).toContain('a été refusé');
    expect(String(mails[0]!.html)).toContain(`href="${WEB}/prodotti"`);
    expectClean(mails[0]!);

    const other = cardOrder(newId(), 'pierre.martin@example.fr', 'fr');
    const otherIds = [
      await h.emit('order.created', other),
      await h.emit('payment.failed', { ...failure('abandoned'), order_id: other.order_id }),
    ];
    await h.settled(otherIds);
    expect(h.mailsTo('pierre.martin')).toHaveLength(0);
  });

  it('shipped and delivered once each however often announced; then one review request with a link per article', async () => {
    const order = cardOrder(newId(), 'lucia.bianchi@example.it');
    const shipped = moved(order, 3, 'paid', 'shipped', { tracking_number: 'TRK 123', carrier: 'BRT' });
    const delivered = moved(order, 4, 'shipped', 'delivered');
    const ids = [
      await h.emit('order.created', order),
      await h.emit('payment.succeeded', paid(order)),
      await h.emit('order.status_changed', shipped),
      await h.emit('order.status_changed', shipped),
      await h.emit('order.status_changed', delivered),
      await h.emit('order.status_changed', delivered),
    ];
    await h.settled(ids);
    const subjects = h.mailsTo('lucia.bianchi').map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        `Pagamento ricevuto, ordine ${order.order_reference} confermato - Edicola Napoli`,
        `Il tuo ordine ${order.order_reference} è stato consegnato - Edicola Napoli`,
        `Il tuo ordine ${order.order_reference} è stato spedito - Edicola Napoli`,
      ].sort(),
    );
    const shippedMail = h.mailsTo('lucia.bianchi').find((m) => m.subject?.includes('spedito'))!;
    expect(textOf(shippedMail)).toContain('Corriere: BRT');
    expect(textOf(shippedMail)).toContain('Numero di tracciamento: TRK 123');
    expect(String(shippedMail.html)).toContain('href="https://track.example/parcel/TRK%20123"');

    expect(await processScheduled()).toEqual({ emails_sent: 1, total_scheduled: 1 });
    await h.settled([]);
    const review = h.mailsTo('lucia.bianchi').find((m) => m.subject?.includes('recensione'))!;
    expect(review.subject).toBe("Com'è andata? Lascia una recensione su Edicola Napoli");
    for (const item of order.items) {
      const link = new URL('/review', WEB);
      link.search = new URLSearchParams({
        article_id: item.article_id,
        order_id: order.order_id,
        email: order.customer_email,
      }).toString();
      expect(String(review.html)).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
    }
    expectClean(review);
    // Never twice for an order.
    expect(await processScheduled()).toEqual({ emails_sent: 0, total_scheduled: 0 });
    await h.emit('order.status_changed', delivered).then((id) => h.settled([id]));
    expect(await processScheduled()).toEqual({ emails_sent: 0, total_scheduled: 0 });
    expect(h.mailsTo('lucia.bianchi')).toHaveLength(4);
  });

  it('a refund says the amount and "partial" while less than the total went back; no review request for a refunded order', async () => {
    const order = cardOrder(newId(), 'sofia.romano@example.it');
    const refund = (cents: number): EventData<'payment.refunded'> => ({
      ...paid(order),
      amount_cents: order.total_cents,
      captured_cents: order.total_cents,
      refund_cents: cents,
      refunded_total_cents: cents,
      refund_id: newId(),
      reason: 'cancelled_by_staff',
      refunded_at: new Date().toISOString(),
    });
    const first = refund(5000);
    const ids = [
      await h.emit('order.created', order),
      await h.emit('payment.succeeded', paid(order)),
      await h.emit('order.status_changed', moved(order, 3, 'paid', 'shipped', { tracking_number: 'X1' })),
      await h.emit('order.status_changed', moved(order, 4, 'shipped', 'delivered')),
      await h.emit('payment.refunded', first),
      await h.emit('payment.refunded', first),
    ];
    await h.settled(ids);
    const refunds = h.mailsTo('sofia.romano').filter((m) => m.subject?.startsWith('Rimborso'));
    expect(refunds).toHaveLength(1);
    expect(textOf(refunds[0]!)).toContain('ti abbiamo rimborsato 50,00 €');
    expect(textOf(refunds[0]!)).toContain(
      'rimborso parziale: finora ti abbiamo rimborsato 50,00 € su 134,26 €',
    );
    expect(await processScheduled()).toEqual({ emails_sent: 0, total_scheduled: 1 });
    expect(h.mailsTo('sofia.romano').filter((m) => m.subject?.includes('recensione'))).toHaveLength(0);
  });

  it('reminds an unpaid transfer two days before its due date, tells its expiry, and not a paid or cancelled one', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const waiting = { ...transferOrder(newId(), 'attesa@example.it', 'pt'), created_at: daysAgo(6) };
    const expired = { ...transferOrder(newId(), 'scaduto@example.it'), created_at: daysAgo(8) };
    const recorded = { ...transferOrder(newId(), 'pagato@example.it'), created_at: daysAgo(6) };
    const ids = [
      await h.emit('order.created', waiting),
      await h.emit('order.created', expired),
      await h.emit('order.created', recorded),
      await h.emit('order.status_changed', moved(expired, 2, 'pending', 'cancelled')),
      await h.emit('order.status_changed', moved(recorded, 2, 'pending', 'confirmed')),
    ];
    await h.settled(ids);
    const expiry = h.mailsTo('scaduto@example.it').find((m) => m.subject?.includes('annullato'))!;
    expect(expiry.subject).toBe(
      `Ordine ${expired.order_reference} annullato: bonifico non ricevuto - Edicola Napoli`,
    );
    expectClean(expiry);

    expect(await processScheduled()).toEqual({ emails_sent: 1, total_scheduled: 3 });
    await h.settled([]);
    const reminder = h.mailsTo('attesa@example.it').find((m) => m.subject?.startsWith('Lembrete'))!;
    expect(reminder.subject).toBe(
      `Lembrete: transferência da encomenda ${waiting.order_reference} - Edicola Napoli`,
    );
    expect(textOf(reminder)).toContain('IBAN: IE29 AIBK 9311 5212 3456 78');
    expect(textOf(reminder)).toContain('€');
    expectClean(reminder);
    // The recorded transfer's "payment received" besides the "order received", and no reminder.
    expect(
      h
        .mailsTo('pagato@example.it')
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      `Ordine ${recorded.order_reference} ricevuto - Edicola Napoli`,
      `Pagamento ricevuto, ordine ${recorded.order_reference} confermato - Edicola Napoli`,
    ]);
    expect(h.mailsTo('scaduto@example.it')).toHaveLength(2);
  });

  it('caps what outsiders can cause per recipient per day, but not what follows a payment', async () => {
    const victim = 'victim@example.it';
    const orders = [1, 2, 3, 4].map(() => ({
      ...transferOrder(newId(), victim),
      customer_name: 'Visit http://phish.example',
    }));
    const ids = [];
    for (const order of orders) ids.push(await h.emit('order.created', order));
    await h.settled(ids);
    expect(h.mailsTo(victim)).toHaveLength(3);
    // Which of the four is capped depends on the order they are handled in (RabbitMQ runs them side by
    // side): exactly one of them, and only its e-mail to the customer.
    const logOf = async (order: { order_id: string }) =>
      EmailLog.parse(
        (
          await api()
            .get('/api/admin/emails')
            .query({ order_id: order.order_id })
            .set('Authorization', `Bearer ${h.tokens.staff}`)
        ).body,
      ).filter((e) => e.recipient === victim);
    const logs = await Promise.all(orders.map(logOf));
    const capped = logs.flat().filter((e) => e.status === 'capped');
    expect(capped.map((e) => e.kind)).toEqual(['order_received']);
    expect(logs.flat().filter((e) => e.status === 'sent')).toHaveLength(3);
    // Across kinds: the contact form's copy to the same address is not sent either (the shop still gets the message).
    const contact = await api()
      .post('/contact/messages')
      .send({ name: 'Visit http://phish.example', email: victim, messaggio: 'ciao' });
    expect(contact.status).toBe(202);
    await h.settled([]);
    expect(h.mailsTo(victim)).toHaveLength(3);
    const copies = EmailLog.parse(
      (
        await api()
          .get('/api/admin/emails')
          .query({ status: 'capped' })
          .set('Authorization', `Bearer ${h.tokens.staff}`)
      ).body,
    ).filter((e) => e.recipient === victim);
    expect(copies.map((e) => e.kind).sort()).toEqual(['contact_copy', 'order_received']);

    const online = cardOrder(newId(), victim);
    await h.settled([await h.emit('order.created', online), await h.emit('payment.succeeded', paid(online))]);
    expect(h.mailsTo(victim)).toHaveLength(4);
  });

  it('keeps failed deliveries visible to staff, per order and status', async () => {
    h.inbox.refuseTo('fail@example.it', 2);
    const order = transferOrder(newId(), 'fail@example.it');
    const id = await h.emit('order.created', order);
    await h.settled([id]);
    const asStaff = (query: Record<string, string>) =>
      api().get('/api/admin/emails').query(query).set('Authorization', `Bearer ${h.tokens.staff}`);
    const failed = EmailLog.parse((await asStaff({ order_id: order.order_id, status: 'failed' })).body);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ recipient: 'fail@example.it', kind: 'order_received', attempts: 2 });
    expect(failed[0]!.last_error).toMatch(/Riprova più tardi/);
    const all = EmailLog.parse((await asStaff({ order_id: order.order_id })).body);
    expect(all.map((e) => e.status).sort()).toEqual(['failed', 'sent']);
    expect((await api().get('/api/admin/emails')).status).toBe(401);
    expect(
      (
        await api()
          .post('/admin/process-scheduled-emails')
          .set('Authorization', `Bearer ${h.tokens.customer}`)
      ).status,
    ).toBe(403);
  });
});
