import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventData, EventType } from '@edicola/contracts';
import { createInternalTokens } from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { emails, processedEvents, stockAlerts, subscribers } from '../src/db/schema';
import { notifyService } from '../src/service';
import { newId } from './notify-harness';
import { transferOrder } from './order-fixture';

jest.setTimeout(30_000);

const SECRET = 'notify-test-internal-secret-of-40-chars!';

// docs/product/account.md#erasure: what svc-notify keeps of an erased customer, with the .eml files of a shop
// without SMTP.
describe('customer.erased in svc-notify', () => {
  let notify: TestService<unknown>;
  let dataDir: string;
  const db = () => notify.testDatabase.database.db;
  const mailFolder = () => path.join(dataDir, 'mail');
  const filesTo = (address: string) =>
    readdirSync(mailFolder())
      .filter((n) => n.endsWith('.eml'))
      .filter((n) =>
        readFileSync(path.join(mailFolder(), n), 'utf8').toLowerCase().includes(`to: ${address}`),
      );

  const emit = async <T extends EventType>(type: T, data: EventData<T>) => {
    const event = await db().transaction((tx) => notify.service.context.bus.emit(tx, type, data));
    notify.service.context.bus.wake();
    return event.id;
  };
  const processed = (ids: string[]) =>
    waitFor(async () => {
      const done = await db()
        .select({ id: processedEvents.eventId })
        .from(processedEvents)
        .where(inArray(processedEvents.eventId, ids));
      return done.length === ids.length;
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-notify-'));
    notify = await startTestService(notifyService, {
      env: {
        DATA_DIR: dataDir,
        INTERNAL_TOKEN_SECRET: SECRET,
        JOBS_POLL_INTERVAL_MS: '50',
        SCHEDULED_EMAILS_INTERVAL_MS: String(60 * 60_000),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes the subscription, the e-mail files and the address of the e-mails and order facts, once', async () => {
    const customerId = newId();
    await db()
      .insert(subscribers)
      .values({ email: 'anna@example.it', name: 'Anna', confirmedAt: new Date() });
    await db()
      .insert(subscribers)
      .values({ email: 'luca@example.it', name: 'Luca', confirmedAt: new Date() });
    // Back-in-stock alerts are consents too (decision 0064): Anna's go, Luca's stay.
    for (const email of ['anna@example.it', 'luca@example.it']) {
      await db().insert(stockAlerts).values({
        articleId: newId(),
        articleSlug: 'charizard-ex-151',
        articleTitle: 'Charizard ex 151',
        email,
        language: 'it',
        confirmedAt: new Date(),
        consentSource: 'stock_alert_form',
        consentVersion: '2026-11-29',
      });
    }
    await processed([
      await emit('order.created', {
        ...transferOrder(newId(), 'Anna@Example.it'),
        customer_name: 'Anna Esposito',
      }),
      await emit('order.created', transferOrder(newId(), 'luca@example.it')),
    ]);
    await waitFor(() => filesTo('anna@example.it').length > 0 && filesTo('luca@example.it').length > 0);

    const erased = { customer_id: customerId, email: 'anna@example.it' };
    await processed([await emit('customer.erased', erased)]);
    await waitFor(() => filesTo('anna@example.it').length === 0, { message: "the erased customer's files" });
    expect(filesTo('luca@example.it').length).toBeGreaterThan(0);

    const rows = await db().execute<{ row: string }>(
      sql`select t::text as row from notify.newsletter_subscribers t
          union all select t::text from notify.emails t
          union all select t::text from notify.orders t
          union all select t::text from notify.jobs t
          union all select t::text from notify.stock_alerts t`,
    );
    const text = rows.rows.map((r) => r.row.toLowerCase());
    expect(text.filter((r) => r.includes('anna@example.it') || r.includes('esposito'))).toEqual([]);
    expect(text.some((r) => r.includes('luca@example.it'))).toBe(true);
    expect((await db().select().from(subscribers)).map((s) => s.email)).toEqual(['luca@example.it']);
    expect((await db().select().from(stockAlerts)).map((a) => a.email)).toEqual(['luca@example.it']);
    const annas = (await db().select().from(emails)).filter((e) => e.recipient.includes(customerId));
    expect(annas.length).toBeGreaterThan(0);

    // The same event again (a redelivery, or a second erasure) changes nothing and fails nothing.
    await processed([await emit('customer.erased', erased)]);
    expect((await db().select().from(emails)).filter((e) => e.recipient.includes(customerId))).toHaveLength(
      annas.length,
    );
  });

  // docs/product/account.md#data-export: only svc-orders may ask for a customer's consents.
  it('answers the consents to svc-orders only', async () => {
    const tokens = createInternalTokens(SECRET);
    const ask = (token?: string) => {
      const call = request(notify.service.app).post('/internal/customers/consents');
      return (token ? call.set('Authorization', `Bearer ${token}`) : call).send({ email: 'luca@example.it' });
    };
    expect((await ask()).status).toBe(401);
    expect((await ask(await tokens.sign('svc-payments', 'svc-notify'))).status).toBe(403);
    const own = await ask(await tokens.sign('svc-orders', 'svc-notify'));
    expect(own.status).toBe(200);
    expect(own.body.newsletter).toMatchObject({ email: 'luca@example.it', source: 'newsletter_form' });
    const bad = await request(notify.service.app)
      .post('/internal/customers/consents')
      .set('Authorization', `Bearer ${await tokens.sign('svc-orders', 'svc-notify')}`)
      .send({ email: 'non-un-indirizzo' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Inserisci un indirizzo email valido');
  });
});
