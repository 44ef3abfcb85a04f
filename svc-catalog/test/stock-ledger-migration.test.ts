import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
import { catalogService } from '../src/service';

const LEDGER_MIGRATION = '0009_stock_ledger';

/** The service's migrations as they were before the ledger's (the later ones left out too), in a folder of their own. */
function migrationsBeforeLedger(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'catalog-before-ledger-'));
  cpSync(catalogService.migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const ledger = journal.entries.findIndex((entry) => entry.tag === LEDGER_MIGRATION);
  for (const entry of journal.entries.slice(ledger)) rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, ledger);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
describe('the stock ledger’s migration keeps the rows written before it', () => {
  let testDb: TestDatabase;
  let before: string;
  const db = () => testDb.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    before = migrationsBeforeLedger();
    testDb = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await testDb?.cleanup();
    rmSync(before, { recursive: true, force: true });
  });

  it('gives old movements their place and no channel, old reservations the web channel, and checks reasons', async () => {
    await testDb.database.migrate(before, 'catalog');
    const article = randomUUID();
    const order = randomUUID();
    await db()
      .execute(sql`insert into catalog.articles (id, sku, title, description, category, price_cents, quantity_stock)
      values (${article}, 'OLD-1', 'Articolo di prima', 'Prima del registro', 'Modellismo', 1000, 7)`);
    for (const [delta, after] of [
      [5, 5],
      [2, 7],
    ]) {
      await db()
        .execute(sql`insert into catalog.stock_movements (article_id, delta, reason, stock_after, username)
        values (${article}, ${delta}, 'received', ${after}, 'gennaro')`);
    }
    await db().execute(
      sql`insert into catalog.reservations (order_id, lines) values (${order}, '[]'::jsonb)`,
    );

    await testDb.database.migrate(catalogService.migrationsFolder, 'catalog');

    const movements = await rows<{
      seq: string;
      channel: string | null;
      reason: string;
      stock_after: number;
    }>(sql`select seq, channel, reason, stock_after from catalog.stock_movements order by seq`);
    expect(movements.map((m) => [m.reason, m.channel, m.stock_after])).toEqual([
      ['received', null, 5],
      ['received', null, 7],
    ]);
    expect(movements.every((m) => Number(m.seq) > 0)).toBe(true);
    const [reservation] = await rows<{ channel: string; username: string }>(
      sql`select channel, username from catalog.reservations where order_id = ${order}`,
    );
    expect(reservation).toEqual({ channel: 'web', username: 'shop' });

    // The wider reasons are accepted, anything else is refused by the table itself.
    await db()
      .execute(sql`insert into catalog.stock_movements (article_id, delta, reason, channel, stock_after, username)
      values (${article}, -1, 'sale', 'subito', 6, 'gennaro')`);
    await expect(
      db().execute(sql`insert into catalog.stock_movements (article_id, delta, reason, stock_after, username)
        values (${article}, -1, 'stolen', 5, 'gennaro')`),
    ).rejects.toThrow();
    await expect(
      db()
        .execute(sql`insert into catalog.stock_movements (article_id, delta, reason, channel, stock_after, username)
        values (${article}, -1, 'sale', 'amazon', 5, 'gennaro')`),
    ).rejects.toThrow();
  });
});
