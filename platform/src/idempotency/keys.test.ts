import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { idempotencyKeys, idempotencyTables, IDEMPOTENCY_KEY_BUSY, IDEMPOTENCY_KEY_REUSED } from '.';

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL (a pool: real concurrency).
describe('Idempotency-Key claims (platform/src/idempotency)', () => {
  let testDb: TestDatabase;
  const schema = pgSchema('idem_test');
  const { idempotencyKeys: table } = idempotencyTables(schema);
  const keys = idempotencyKeys(table, { leaseMs: 60_000, waitMs: 1_500, pollMs: 20 });
  const db = () => testDb.database.db;
  const request = (fingerprint = 'body-a') => ({
    scope: 'guest:anna@example.it',
    key: randomUUID(),
    fingerprint,
  });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const statements = await generateMigration(
      generateDrizzleJson({}),
      generateDrizzleJson({ schema, idempotencyKeys: table }),
    );
    for (const statement of statements) await db().execute(sql.raw(statement));
  }, 60_000);
  afterAll(() => testDb?.cleanup());

  it('gives the key to one request; a repeat waits for it and then answers the same resource', async () => {
    const req = request();
    const first = await keys.claim(db(), req, randomUUID);
    expect(first.kind).toBe('new');
    const repeat = keys.claim(db(), req, randomUUID);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await keys.complete(db(), req);
    expect(await repeat).toEqual({ kind: 'done', resourceId: first.resourceId });
  });

  it('hands a key to exactly one of many concurrent requests', async () => {
    const req = request();
    const claims = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        keys.claim(db(), req, randomUUID).then(async (claim) => {
          if (claim.kind === 'new') {
            await new Promise((resolve) => setTimeout(resolve, 50));
            await keys.complete(db(), req);
          }
          return claim;
        }),
      ),
    );
    const values = claims.map((c) => (c.status === 'fulfilled' ? c.value : null));
    expect(values.filter((c) => c?.kind === 'new')).toHaveLength(1);
    expect(values.filter((c) => c?.kind === 'done')).toHaveLength(7);
    expect(new Set(values.map((c) => c?.resourceId)).size).toBe(1);
  });

  it('refuses the same key with another body (422), and keeps scopes apart', async () => {
    const req = request('body-a');
    const first = await keys.claim(db(), req, randomUUID);
    await keys.complete(db(), req);
    await expect(keys.claim(db(), { ...req, fingerprint: 'body-b' }, randomUUID)).rejects.toMatchObject({
      status: 422,
      detail: IDEMPOTENCY_KEY_REUSED,
    });
    const otherBuyer = await keys.claim(db(), { ...req, scope: 'guest:luca@example.it' }, randomUUID);
    expect(otherBuyer.kind).toBe('new');
    expect(otherBuyer.resourceId).not.toBe(first.resourceId);
  });

  it('answers 409 when the first request is still at work after the wait', async () => {
    const req = request();
    await keys.claim(db(), req, randomUUID);
    await expect(keys.claim(db(), req, randomUUID)).rejects.toMatchObject({
      status: 409,
      detail: IDEMPOTENCY_KEY_BUSY,
    });
  });

  it('resumes with the same resource after the holder died (lease over) or gave up, starts over after forget', async () => {
    const short = idempotencyKeys(table, { leaseMs: 200, waitMs: 5_000, pollMs: 20 });
    const req = request();
    const first = await short.claim(db(), req, randomUUID);
    // Nobody completes it: the repeat waits for the lease to run out, then resumes the same resource.
    const resumed = await short.claim(db(), req, randomUUID);
    expect(resumed).toEqual({ kind: 'resumed', resourceId: first.resourceId });
    await keys.yieldLease(db(), req);
    expect(await keys.claim(db(), req, randomUUID)).toEqual({
      kind: 'resumed',
      resourceId: first.resourceId,
    });
    await keys.forget(db(), req);
    const fresh = await keys.claim(db(), req, randomUUID);
    expect(fresh.kind).toBe('new');
    expect(fresh.resourceId).not.toBe(first.resourceId);
  });

  it('purges finished keys older than the retention', async () => {
    const req = request();
    await keys.claim(db(), req, randomUUID);
    await keys.complete(db(), req);
    expect(await keys.purge(db(), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await keys.claim(db(), req, randomUUID)).kind).toBe('new');
  });
});
