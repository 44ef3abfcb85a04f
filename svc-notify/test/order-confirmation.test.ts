import { randomUUID } from 'node:crypto';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { notifyService } from '../src/service';
import { transferOrder } from './order-fixture';
import { startInbox, type Inbox } from './smtp-inbox';

describe('svc-notify: the order confirmation e-mail on order.created, through a real SMTP server', () => {
  let notify: TestService<unknown>;
  let inbox: Inbox;
  const db = () => notify.testDatabase.database.db;
  const emit = (data: ReturnType<typeof transferOrder>) =>
    db().transaction((tx) => notify.service.context.bus.emit(tx, 'order.created', data));
  // Amounts are written the Italian way, with a no-break space before the euro sign.
  const textOf = (mail: { text?: string }) => mail.text!.replace(/\u00a0/g, ' ');
  const mailsTo = (address: string) => inbox.messages.filter((m) => JSON.stringify(m.to).includes(address));

  beforeAll(async () => {
    inbox = await startInbox();
    notify = await startTestService(notifyService, {
      env: { SMTP_URL: inbox.url, MAIL_RETRY_MS: '100', JOBS_POLL_INTERVAL_MS: '50' },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    await inbox?.close();
  });

  it('sends one Italian confirmation with lines, totals, shipping and the transfer details, however often the event comes', async () => {
    const order = transferOrder(randomUUID());
    await emit(order);
    await emit(order); // the same order announced again (a producer retry under a new event id)
    const [mail] = await waitFor(
      () => mailsTo('giulia.russo@example.it').length > 0 && mailsTo('giulia.russo'),
    );
    expect(mail!.subject).toBe(`Conferma ordine ${order.order_reference} - Edicola Napoli`);
    expect(mail!.from?.text).toContain('noreply@edicola.example');
    expect(mail!.replyTo?.text).toContain('negozio@edicola.example');
    const text = textOf(mail!);
    for (const expected of [
      'Ciao Giulia Russo,',
      `Ordine: ${order.order_reference}`,
      'Data: 22 novembre 2026 alle ore 10:30',
      'Stato: In Attesa',
      '- 2 × Ferrari 312T Niki Lauda 1:43 (SKU MOD-001)',
      '60,88 € cad. (IVA 22% inclusa) = 121,76 €',
      '- 1 × Album Calciatori 2026 (SKU PAN-010)',
      '3,50 € cad. (esente IVA) = 3,50 €',
      'Subtotale: 125,26 €',
      'Spedizione (Italia): 9,00 €',
      'Totale: 134,26 €',
      'Pagamento: Bonifico bancario',
      'esegui un bonifico di 134,26 € a:',
      'Intestatario: Edicola Napoli di Prova',
      'IBAN: IE29 AIBK 9311 5212 3456 78',
      'Banca: Banca Dimostrativa',
      `Causale: ${order.order_reference}`,
      'IBAN dimostrativo',
    ]) {
      expect(text).toContain(expected);
    }
    await new Promise((r) => setTimeout(r, 400));
    expect(mailsTo('giulia.russo@example.it')).toHaveLength(1);
  });

  it('names the payment method of a paid order and no bank details; free shipping abroad is said so', async () => {
    const order = {
      ...transferOrder(randomUUID(), 'hans.muller@example.de'),
      status: 'paid' as const,
      payment_method: 'paypal' as const,
      payment_status: 'paid' as const,
      bank_transfer: null,
      shipping_cents: 0,
      total_cents: 12526,
      shipping_country: 'DE',
    };
    await emit(order);
    const [mail] = await waitFor(() => mailsTo('hans.muller').length > 0 && mailsTo('hans.muller'));
    expect(textOf(mail!)).toContain('Stato: Pagato');
    expect(textOf(mail!)).toContain('Pagamento: PayPal');
    expect(textOf(mail!)).toContain('Spedizione (Germania): gratuita');
    expect(textOf(mail!)).toContain('Totale: 125,26 €');
    expect(textOf(mail!)).not.toContain('IBAN');
  });

  it('sends it later when the mail server refuses at first', async () => {
    inbox.refuseNext(1);
    const refusedBefore = inbox.refused;
    await emit(transferOrder(randomUUID(), 'anna.greco@example.it'));
    await waitFor(() => mailsTo('anna.greco').length === 1, { timeoutMs: 15_000 });
    expect(inbox.refused).toBe(refusedBefore + 1);
  });
});
