import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { outbox } from '../src/db/schema';
import { ordersService } from '../src/service';

/** svc-orders on a fresh real database, with its own DATA_DIR (where the embedded mode keeps its key). */
export async function startOrders(
  env: Record<string, string> = {},
): Promise<TestService<unknown> & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-orders-'));
  const orders = await startTestService(ordersService, {
    env: { DATA_DIR: dataDir, TRUST_PROXY: 'loopback', ...env },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...orders,
    dataDir,
    async stop() {
      await orders.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const privato = {
  email: 'Anna.Esposito@Example.it',
  password: 'segreto1',
  telefono: '+39 081 555 1234',
  tipo_cliente: 'privato',
  street: 'Via Toledo 256',
  city: 'Napoli',
  province: 'na',
  cap: '80132',
  nome: 'Anna',
  cognome: 'Esposito',
  codice_fiscale: 'RSSMRA85T10A562S',
};

export const azienda = {
  email: 'acquisti@ferrari.example',
  password: 'una password lunga e sicura',
  telefono: '0536 949111',
  tipo_cliente: 'azienda',
  street: 'Via Abetone Inferiore 4',
  city: 'Maranello',
  province: 'MO',
  cap: '41053',
  ragione_sociale: 'Ferrari S.p.A.',
  piva: '00159560366',
  codice_fiscale_azienda: '00159560366',
  pec: 'ferrari@pec.example.it',
  sdi: 'abc1234',
  referente: null,
};

/** The audit entries (their data) an order's changes put in svc-orders' outbox, in the same transactions. */
export async function orderAudits(
  db: Db,
  orderId: string,
): Promise<{ action: string; actor?: unknown; changes: object }[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.type, 'audit.recorded'), sql`${outbox.envelope}->'data'->>'entity_id' = ${orderId}`),
    );
  return rows.map((row) => (row.envelope as { data: { action: string; changes: object } }).data);
}
