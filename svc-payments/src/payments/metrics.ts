import { sql } from 'drizzle-orm';
import type { ServiceMetrics } from '@edicola/platform';
import { paymentRecords as p, providerEvents as e } from '../db/schema';

type Rows = { rows: Record<string, unknown>[] };

/** Payment attempts of the last hour by method and state, and the provider events received, when scraped. */
export function registerPaymentMetrics(metrics: ServiceMetrics): void {
  metrics.gaugeFromDatabase(
    'edicola_payments_last_hour',
    'Payment attempts started in the last hour, by method and state',
    ['method', 'state'],
    async (db) =>
      (
        (await db.execute(
          sql`select ${p.method} as method, ${p.status} as state, count(*)::int as n from ${p}
              where ${p.createdAt} > now() - interval '1 hour' group by 1, 2`,
        )) as unknown as Rows
      ).rows.map((r) => ({
        labels: { method: String(r.method), state: String(r.state) },
        value: Number(r.n),
      })),
  );
  metrics.gaugeFromDatabase(
    'edicola_provider_events_last_hour',
    'Webhook events received from the providers in the last hour (each counted once: repeats are dropped)',
    ['provider'],
    async (db) =>
      (
        (await db.execute(
          sql`select ${e.provider} as provider, count(*)::int as n from ${e}
              where ${e.receivedAt} > now() - interval '1 hour' group by 1`,
        )) as unknown as Rows
      ).rows.map((r) => ({ labels: { provider: String(r.provider) }, value: Number(r.n) })),
  );
}
