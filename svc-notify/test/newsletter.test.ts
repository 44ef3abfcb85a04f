import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { NewsletterSubscribeResponse } from '@edicola/contracts';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { notifyService } from '../src/service';
import { startInbox, type Inbox } from './smtp-inbox';

const WEB = 'https://shop.example.it';

/** The token of the unsubscribe link in a confirmation e-mail. */
function tokenIn(text: string): string {
  const link = /https:\/\/shop\.example\.it\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('svc-notify newsletter through a real SMTP server', () => {
  let notify: TestService<unknown>;
  let inbox: Inbox;
  const api = () => request(notify.service.app);

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

  it('subscribes and sends one confirmation carrying the unsubscribe link', async () => {
    const res = await api()
      .post('/newsletter/subscribe')
      .send({ email: ' Lucia.Esposito@Example.it ', name: 'Lucia' });
    expect(res.status).toBe(200);
    expect(NewsletterSubscribeResponse.parse(res.body)).toEqual({
      message: 'Iscrizione completata! Controlla la tua email per la conferma.',
      already_subscribed: false,
    });
    const mail = await waitFor(() =>
      inbox.messages.find((m) => m.to && JSON.stringify(m.to).includes('lucia.esposito')),
    );
    expect(mail.subject).toBe('Iscrizione alla newsletter di Edicola Napoli');
    expect(mail.from?.text).toContain('noreply@edicola.example');
    expect(mail.text).toContain('Ciao Lucia,');
    const token = tokenIn(mail.text!);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(token);

    // The token is not stored as such: only its hash is.
    const rows = await notify.testDatabase.database.db.execute(
      sql`select * from notify.newsletter_subscribers`,
    );
    expect(JSON.stringify((rows as unknown as { rows: unknown[] }).rows)).not.toContain(token);
  });

  it('answers already_subscribed for an active address and sends nothing more', async () => {
    const before = inbox.messages.length;
    const res = await api()
      .post('/newsletter/subscribe')
      .send({ email: 'lucia.esposito@example.it', name: null });
    expect(res.body).toEqual({ message: 'Email già registrata alla newsletter!', already_subscribed: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages.length).toBe(before);
  });

  it.each([
    [{ email: '' }, 'Inserisci un indirizzo email valido'],
    [{ email: 'non-valida' }, 'Inserisci un indirizzo email valido'],
    [{ name: 'x' }, 'body.email'],
  ])('refuses %j with 422', async (body, detail) => {
    const res = await api().post('/newsletter/subscribe').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it('unsubscribes with the token once: 404 after, 404 for an unknown one, 422 for an empty one', async () => {
    const mail = inbox.messages.find((m) => JSON.stringify(m.to).includes('lucia.esposito'))!;
    const token = tokenIn(mail.text!);
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

  it('subscribes an unsubscribed address again, with a new token', async () => {
    const first = tokenIn(inbox.messages.find((m) => JSON.stringify(m.to).includes('lucia.esposito'))!.text!);
    const res = await api().post('/newsletter/subscribe').send({ email: 'lucia.esposito@example.it' });
    expect(res.body.already_subscribed).toBe(false);
    const mails = await waitFor(() => {
      const found = inbox.messages.filter((m) => JSON.stringify(m.to).includes('lucia.esposito'));
      return found.length === 2 && found;
    });
    const second = tokenIn(mails[1]!.text!);
    expect(second).not.toBe(first);
    expect((await api().post('/newsletter/unsubscribe').send({ token: second })).status).toBe(200);
  });

  it('retries a confirmation the mail server refused, and delivers it once', async () => {
    inbox.refuseNext(2);
    await api().post('/newsletter/subscribe').send({ email: 'ciro@example.it', name: 'Ciro' });
    const mail = await waitFor(() => inbox.messages.find((m) => JSON.stringify(m.to).includes('ciro@')), {
      timeoutMs: 10_000,
    });
    expect(inbox.refused).toBe(2);
    expect(mail.text).toContain('Ciao Ciro,');
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages.filter((m) => JSON.stringify(m.to).includes('ciro@'))).toHaveLength(1);
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
    expect(eml).toContain('Subject: Iscrizione alla newsletter di Edicola Napoli');
    expect(eml).toMatch(/newsletter\/unsubscribe\?token=[\w-]+/);
  });
});
