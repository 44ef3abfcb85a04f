import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  NEWSLETTER_CONSENT_SOURCE,
  NEWSLETTER_CONSENT_VERSION,
  NewsletterSubscribeResponse,
} from '@edicola/contracts';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { emails, subscribers } from '../src/db/schema';
import { notifyService } from '../src/service';
import { startInbox, type Inbox } from './smtp-inbox';

const WEB = 'https://shop.example.it';

/** The token of the unsubscribe link in a confirmation e-mail. */
function tokenIn(text: string): string {
  const link = /https:\/\/shop\.example\.it\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(text);
  expect(link).not.toBeNull();
  return link![1]!;
}

jest.setTimeout(30_000);

describe('svc-notify newsletter through a real SMTP server', () => {
  let notify: TestService<unknown>;
  let inbox: Inbox;
  const api = () => request(notify.service.app);
  const db = () => notify.testDatabase.database.db;

  beforeAll(async () => {
    inbox = await startInbox();
    notify = await startTestService(notifyService, {
      env: {
        SMTP_URL: inbox.url,
        PUBLIC_WEB_URL: WEB,
        MAIL_RETRY_MS: '100',
        JOBS_POLL_INTERVAL_MS: '50',
        NEWSLETTER_SUBSCRIBES_PER_HOUR: '6',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    await inbox?.close();
  });

  const mailsTo = (address: string) => inbox.messages.filter((m) => JSON.stringify(m.to).includes(address));
  const confirmTokenIn = (text: string) => {
    const link = /https:\/\/shop\.example\.it\/newsletter\/confirm\?token=([\w-]+)/.exec(text);
    expect(link).not.toBeNull();
    return link![1]!;
  };
  const subscriber = async (email: string) =>
    (await db().select().from(subscribers).where(eq(subscribers.email, email)))[0]!;
  /** Proof the request's e-mails were handled: no e-mail of the service is still waiting. */
  const settled = () =>
    waitFor(async () => (await db().select().from(emails).where(eq(emails.status, 'queued'))).length === 0);

  it('subscribes pending confirmation (double opt-in) and sends one confirmation with the confirm and unsubscribe links', async () => {
    const res = await api()
      .post('/newsletter/subscribe')
      .send({ email: ' Lucia.Esposito@Example.it ', name: 'Lucia', language: 'es' });
    expect(res.status).toBe(200);
    expect(NewsletterSubscribeResponse.parse(res.body)).toEqual({
      message: 'Iscrizione completata! Controlla la tua email per la conferma.',
      already_subscribed: false,
    });
    const mail = await waitFor(() => mailsTo('lucia.esposito')[0]);
    expect(mail.subject).toBe('Confirma tu suscripción al boletín de Edicola Napoli');
    expect(String(mail.html)).toContain('lang="es"');
    expect(mail.from?.text).toContain('noreply@edicola.example');
    expect(mail.text).toContain('Hola Lucia:');
    const token = tokenIn(mail.text!);
    expect(mail.text).toContain(`Código de baja: ${token}`);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(token);
    expect((await subscriber('lucia.esposito@example.it')).confirmedAt).toBeNull();
    // The consent keeps where it was given and the version of its text (docs/product/records.md#newsletter-subscription).
    expect(await subscriber('lucia.esposito@example.it')).toMatchObject({
      consentSource: NEWSLETTER_CONSENT_SOURCE,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
    });

    // The tokens are not stored as such: only their hashes are.
    const rows = await db().execute(sql`select * from notify.newsletter_subscribers`);
    const stored = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(confirmTokenIn(mail.text!));
  });

  it('counts the subscription once its link is followed: the token works once', async () => {
    const token = confirmTokenIn(mailsTo('lucia.esposito')[0]!.text!);
    const ok = await api().post('/newsletter/confirm').send({ token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/^Iscrizione confermata!/);
    expect((await subscriber('lucia.esposito@example.it')).confirmedAt).not.toBeNull();
    expect((await api().post('/newsletter/confirm').send({ token })).status).toBe(404);
    expect((await api().post('/newsletter/confirm').send({ token: ' ' })).status).toBe(422);
  });

  it('answers already_subscribed for a confirmed address and sends nothing more', async () => {
    const res = await api()
      .post('/newsletter/subscribe')
      .send({ email: 'lucia.esposito@example.it', name: null });
    expect(res.body).toEqual({ message: 'Email già registrata alla newsletter!', already_subscribed: true });
    await settled();
    expect(mailsTo('lucia.esposito')).toHaveLength(1);
  });

  it.each([
    [{ email: '' }, 'Inserisci un indirizzo email valido'],
    [{ email: 'non-valida' }, 'Inserisci un indirizzo email valido'],
    [{ name: 'x' }, 'Inserisci un indirizzo email valido'],
    [{ email: 'a@example.it', language: 'xx' }, 'Lingua non valida'],
  ])('refuses %j with 422', async (body, detail) => {
    const res = await api().post('/newsletter/subscribe').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it('unsubscribes with the token once: 404 after, 404 for an unknown one, 422 for an empty one', async () => {
    const token = tokenIn(mailsTo('lucia.esposito')[0]!.text!);
    const ok = await api().post('/newsletter/unsubscribe').send({ token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/^Cancellazione completata con successo!/);
    const again = await api().post('/newsletter/unsubscribe').send({ token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'Token non valido o già utilizzato. Contattaci per assistenza.' });
    expect((await api().post('/newsletter/unsubscribe').send({ token: 'sconosciuto' })).status).toBe(404);
    const empty = await api().post('/newsletter/unsubscribe').send({ token: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toContain('Inserisci un token di cancellazione valido');
  });

  it('subscribes an unsubscribed address again, with new tokens, in Italian by default', async () => {
    const first = tokenIn(mailsTo('lucia.esposito')[0]!.text!);
    const res = await api().post('/newsletter/subscribe').send({ email: 'lucia.esposito@example.it' });
    expect(res.body.already_subscribed).toBe(false);
    const mails = await waitFor(() => {
      const found = mailsTo('lucia.esposito');
      return found.length === 2 && found;
    });
    expect(mails[1]!.subject).toBe("Conferma l'iscrizione alla newsletter di Edicola Napoli");
    const second = tokenIn(mails[1]!.text!);
    expect(second).not.toBe(first);
    expect((await api().post('/newsletter/unsubscribe').send({ token: second })).status).toBe(200);
  });

  it('retries a confirmation the mail server refused, and delivers it once', async () => {
    inbox.refuseNext(2);
    await api().post('/newsletter/subscribe').send({ email: 'ciro@example.it', name: 'Ciro' });
    const mail = await waitFor(() => mailsTo('ciro@')[0], { timeoutMs: 10_000 });
    expect(inbox.refused).toBe(2);
    expect(mail.text).toContain('Ciao Ciro,');
    await settled();
    expect(mailsTo('ciro@')).toHaveLength(1);
  });
});

describe('svc-notify without SMTP', () => {
  let notify: TestService<unknown>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-notify-'));
    notify = await startTestService(notifyService, {
      env: { DATA_DIR: dataDir, PUBLIC_WEB_URL: WEB, JOBS_POLL_INTERVAL_MS: '50' },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the confirmation as an .eml file under DATA_DIR/mail', async () => {
    await request(notify.service.app)
      .post('/newsletter/subscribe')
      .send({ email: 'anna@example.it', name: 'Anna' });
    const folder = path.join(dataDir, 'mail');
    const [file] = await waitFor(() => {
      try {
        const files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
        return files.length > 0 && files;
      } catch {
        return false;
      }
    });
    const eml = readFileSync(path.join(folder, file!), 'utf8');
    expect(eml).toMatch(/^To: anna@example\.it$/m);
    expect(eml).toContain("Subject: Conferma l'iscrizione alla newsletter di Edicola Napoli");
    expect(eml).toMatch(/newsletter\/unsubscribe\?token=[\w-]+/);
  });
});
