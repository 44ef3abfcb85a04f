import { eq } from 'drizzle-orm';
import type { DefaultCarrier, ShipmentQuote } from '@edicola/contracts';
import type { Audit, Database, Db } from '@edicola/platform';
import { shopSettings } from '../db/schema';

const KEY = 'default_carrier';

/** The carrier staff chose for shipments created without a service (null: none, the cheapest quote). */
export async function defaultCarrier(db: Db): Promise<DefaultCarrier> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, KEY));
  return { carrier_name: (row?.value as DefaultCarrier | undefined)?.carrier_name ?? null };
}

/** PUT /api/admin/shipping/default-carrier: saved and audited in one transaction. */
export async function saveDefaultCarrier(
  database: Database,
  wanted: DefaultCarrier,
  audit: Audit,
): Promise<DefaultCarrier> {
  return database.db.transaction(async (tx) => {
    const before = await defaultCarrier(tx);
    await tx
      .insert(shopSettings)
      .values({ key: KEY, value: wanted })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: wanted, updatedAt: new Date() } });
    await audit(tx, {
      entity: 'shop_setting',
      entity_id: KEY,
      action: 'updated',
      changes:
        before.carrier_name === wanted.carrier_name
          ? {}
          : { carrier_name: { from: before.carrier_name, to: wanted.carrier_name } },
    });
    return wanted;
  });
}

/**
 * The quote a shipment without a chosen service takes (docs/product/orders-and-payments.md#default-carrier): the
 * cheapest of the default carrier's, or the cheapest of all when that carrier has none for this parcel. `quotes`
 * come cheapest first.
 */
export function bodilessChoice(
  quotes: readonly ShipmentQuote[],
  carrier: string | null,
): ShipmentQuote | undefined {
  const wanted = carrier?.toLowerCase();
  return quotes.find((q) => q.carrier_name.toLowerCase() === wanted) ?? quotes[0];
}
