import request from 'supertest';
import { ContactMessageResponse } from '@edicola/contracts';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { emails } from '../src/db/schema';
import { notifyService } from '../src/service';
import { startInbox, type Inbox } from './smtp-inbox';

jest.setTimeout(30_000);

describe('svc-notify contact form through a real SMTP server', () => {
  let notify: TestService<unknown>;
  let inbox: Inbox;
  const api = () => request(notify.service.app);
  const message = {
    name: 'Giuseppe Russo',
    email: 'giuseppe@example.it',
    telefono: '+39 333 123 4567',
    messaggio: 'Avete il casco di Leclerc di Monza 2019?\nGrazie',
  };

  beforeAll(async () => {
    inbox = await startInbox();
    notify = await startTestService(notifyService, {
      env: {
        SMTP_URL: inbox.url,
        SHOP_EMAIL: 'negozio@edicola-test.it',
        JOBS_POLL_INTERVAL_MS: '50',
        CONTACT_MESSAGES_PER_HOUR: '2',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    await inbox?.close();
  });

  it.each([
    [{ name: ' ' }, 'Il nome è obbligatorio'],
    [{ email: 'x' }, 'Inserisci un indirizzo email valido'],
    [{ messaggio: '' }, 'Il messaggio è obbligatorio'],
    [{ telefono: 'chiamami' }, 'Numero di telefono non valido'],
  ])('refuses %j with 422 and sends nothing', async (change, detail) => {
    const res = await api()
      .post('/contact/messages')
      .send({ ...message, ...change });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it("sends the message to the shop's mailbox and a confirmation to the sender", async () => {
    const res = await api().post('/contact/messages').send(message);
    expect(res.status).toBe(202);
    ContactMessageResponse.parse(res.body);
    await waitFor(() => inbox.messages.length === 2);
    const toShop = inbox.messages.find((m) => JSON.stringify(m.to).includes('negozio@edicola-test.it'))!;
    expect(toShop.subject).toBe('Messaggio dal sito da Giuseppe Russo');
    expect(toShop.replyTo?.text).toContain('giuseppe@example.it');
    expect(toShop.text).toContain('Telefono: +39 333 123 4567');
    expect(toShop.text).toContain('Avete il casco di Leclerc di Monza 2019?\nGrazie');
    const toSender = inbox.messages.find((m) => JSON.stringify(m.to).includes('giuseppe@example.it'))!;
    expect(toSender.subject).toBe('Abbiamo ricevuto il tuo messaggio - Edicola Napoli');
    expect(toSender.text).toContain('Ciao Giuseppe Russo,');
  });

  it('refuses a name with line breaks (no header injection), and sends a message without a phone', async () => {
    const injected = await api()
      .post('/contact/messages')
      .send({ ...message, name: 'Mario\r\nBcc: vittima@example.it', telefono: null });
    expect(injected.status).toBe(422);
    expect(injected.body.detail).toContain('Non può contenere a capo né altri caratteri di controllo');
    expect(
      (
        await api()
          .post('/contact/messages')
          .send({ ...message, telefono: null })
      ).status,
    ).toBe(202);
    await waitFor(() => inbox.messages.length === 4);
    const toShop = inbox.messages.slice(2).find((m) => JSON.stringify(m.to).includes('negozio@'))!;
    expect(toShop.bcc).toBeUndefined();
    expect(toShop.text).toContain('Telefono: -');
  });

  it('limits messages per address', async () => {
    const res = await api().post('/contact/messages').send(message);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: 'Troppi messaggi inviati. Riprova più tardi o chiamaci.' });
    // Refused before any transaction: no e-mail was even written.
    const written = await notify.testDatabase.database.db.select().from(emails);
    expect(written).toHaveLength(4);
    expect(inbox.messages).toHaveLength(4);
  });
});
