import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  centsToEuros,
  HOME_LIST_SIZE,
  orderReference,
  type BackOfficeHome,
  type HomeOrder,
  type HomeOrders,
  type PaymentMethod,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords, shipments } from '../db/schema';
import { sdiRejections } from '../sdi/documents';

type Row = typeof orderRecords.$inferSelect;

/** The shipment states staff must look at: Packlink's incident, or a creation that never got an answer. */
const SHIPMENT_PROBLEMS = ['incident', 'failed'];

const SHIPMENT_PROBLEM_TEXT: Record<string, string> = {
  incident: 'Il corriere segnala un problema con la spedizione',
  failed: 'La spedizione non è stata creata: riprova dalla pagina dell’ordine',
};

function homeOrder(row: Row, problem: string | null = null): HomeOrder {
  const name = row.customerInfo.name;
  return {
    id: row.id,
    order_reference: orderReference(row.id),
    customer_name: typeof name === 'string' ? name : '',
    total_amount: centsToEuros(row.totalCents),
    status: row.status,
    payment_method: row.paymentMethod as PaymentMethod | 'ebay',
    order_date: row.orderDate.toISOString(),
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
    problem,
  };
}

/** The orders matching `where`: how many, and the first HOME_LIST_SIZE in the order given. */
async function ordersWhere(db: Db, where: SQL | undefined, orderBy: SQL[]): Promise<HomeOrders> {
  const [total] = await db.select({ n: count() }).from(orderRecords).where(where);
  const rows = await db
    .select()
    .from(orderRecords)
    .where(where)
    .orderBy(...orderBy)
    .limit(HOME_LIST_SIZE);
  return { count: total?.n ?? 0, orders: rows.map((row) => homeOrder(row)) };
}

/** The open orders whose shipment has a problem, the latest news first. */
async function shipmentProblems(db: Db): Promise<HomeOrders> {
  const where = and(
    inArray(shipments.state, SHIPMENT_PROBLEMS),
    notInArray(orderRecords.status, ['cancelled', 'delivered']),
  );
  const [total] = await db
    .select({ n: count() })
    .from(shipments)
    .innerJoin(orderRecords, eq(orderRecords.id, shipments.orderId))
    .where(where);
  const rows = await db
    .select({ order: orderRecords, state: shipments.state, error: shipments.error })
    .from(shipments)
    .innerJoin(orderRecords, eq(orderRecords.id, shipments.orderId))
    .where(where)
    .orderBy(desc(shipments.updatedAt))
    .limit(HOME_LIST_SIZE);
  return {
    count: total?.n ?? 0,
    orders: rows.map((row) => homeOrder(row.order, row.error || SHIPMENT_PROBLEM_TEXT[row.state] || null)),
  };
}

/**
 * What needs doing today (docs/product/back-office.md#home): paid orders to confirm and confirmed ones to ship, the
 * oldest first (they have waited longest); bank transfers still awaited, the nearest deadline first; shipments with
 * a problem; documents the SdI rejected (docs/product/orders-and-payments.md#sdi).
 */
export async function backOfficeHome(db: Db): Promise<BackOfficeHome> {
  const oldestFirst = [asc(orderRecords.createdAt), asc(orderRecords.id)];
  const [toConfirm, toShip, transfersDue, problems, rejections] = await Promise.all([
    ordersWhere(db, eq(orderRecords.status, 'paid'), oldestFirst),
    ordersWhere(db, eq(orderRecords.status, 'confirmed'), oldestFirst),
    ordersWhere(db, and(eq(orderRecords.status, 'pending'), eq(orderRecords.paymentMethod, 'transfer')), [
      sql`${orderRecords.paymentDueAt} asc nulls last`,
      ...oldestFirst,
    ]),
    shipmentProblems(db),
    sdiRejections(db),
  ]);
  return {
    to_confirm: toConfirm,
    to_ship: toShip,
    transfers_due: transfersDue,
    shipment_problems: problems,
    sdi_rejections: rejections,
  };
}
