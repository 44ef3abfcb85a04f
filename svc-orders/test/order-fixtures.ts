import { randomUUID } from 'node:crypto';
import type { Database } from '@edicola/platform';
import { orderRecords, orderStatusHistory, type StoredOrderLine } from '../src/db/schema';

type Insert = typeof orderRecords.$inferInsert;

/** One 22 % line of 10,00 net (12,20 gross) per unit. */
export const line = (fields: Partial<StoredOrderLine> = {}): StoredOrderLine => {
  const quantity = fields.quantity ?? 1;
  const unitGross = fields.unit_gross_cents ?? 1220;
  return {
    article_id: randomUUID(),
    sku: 'ART-1',
    title: 'Album Calciatori',
    quantity,
    unit_net_cents: 1000,
    iva_percentage: 22,
    unit_gross_cents: unitGross,
    line_total_cents: unitGross * quantity,
    ...fields,
  };
};

export interface FixtureOrder extends Partial<Omit<Insert, 'customerInfo'>> {
  name?: string;
  email?: string;
  info?: Record<string, unknown>;
}

/**
 * An order written straight into svc-orders' tables (the list, timeline and exports read what is stored, however
 * it got there), with its creation row in the history.
 */
export async function insertOrder(db: Database['db'], fields: FixtureOrder = {}) {
  const { name = 'Anna Esposito', email = 'anna@example.it', info = {}, ...columns } = fields;
  const items = columns.items ?? [line()];
  const subtotal = items.reduce((sum, l) => sum + (l.line_total_cents ?? 0), 0);
  const shipping = columns.shippingCents ?? 900;
  const createdAt = columns.createdAt ?? new Date();
  const [row] = await db
    .insert(orderRecords)
    .values({
      paymentMethod: 'card',
      totalCents: subtotal + shipping,
      subtotalCents: subtotal,
      shippingCents: shipping,
      ...columns,
      items,
      createdAt,
      orderDate: createdAt,
      updatedAt: columns.updatedAt ?? createdAt,
      customerInfo: {
        name,
        email,
        phone: '+39 081 555 1234',
        address: 'Via Toledo 256',
        city: 'Napoli',
        zipCode: '80132',
        country: 'IT',
        ...info,
      },
    })
    .returning();
  await db.insert(orderStatusHistory).values({
    orderId: row!.id,
    fromStatus: null,
    toStatus: 'pending',
    orderVersion: 1,
    changedAt: createdAt,
  });
  return row!;
}
