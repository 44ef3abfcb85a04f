import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OnlinePaymentMethod, PaymentProvider } from '@edicola/contracts';
import type { Db, Jobs } from '@edicola/platform';
import { jobs as jobRows, paymentRecords, type PaymentRecord, type PaymentRowStatus } from '../db/schema';

export const EXPIRE_JOB = 'payments.expire';
export const REFUND_JOB = 'payments.refund';

export interface ExpirePayload {
  payment_id: string;
  /** `abandoned` when the order went away first (cancelled) or the buyer gave up. */
  reason?: 'expired' | 'abandoned';
}
export interface RefundPayload {
  payment_id: string;
  /** svc-orders' refund request: its outcome goes back with its id. */
  refund_request_id?: string;
  /** A partial refund: exactly this much (cents); absent: all that is left of the payment. */
  amount_cents?: number;
}

export async function paymentById(db: Db, id: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(paymentRecords).where(eq(paymentRecords.id, id));
  return row ?? null;
}

export async function paymentByProviderObject(
  db: Db,
  provider: PaymentProvider,
  objectId: string,
): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.provider, provider), eq(paymentRecords.providerObjectId, objectId)));
  return row ?? null;
}

export async function paymentByProviderPayment(
  db: Db,
  provider: PaymentProvider,
  paymentId: string,
): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.provider, provider), eq(paymentRecords.providerPaymentId, paymentId)));
  return row ?? null;
}

export async function paymentsOfOrder(
  db: Db,
  orderId: string,
  statuses?: PaymentRowStatus[],
): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.orderId, orderId),
        statuses ? inArray(paymentRecords.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(paymentRecords.createdAt));
}

export interface NewPayment {
  requestKey: string;
  orderId: string;
  method: OnlinePaymentMethod;
  provider: PaymentProvider;
  demo: boolean;
  timeoutMinutes: number;
}

/**
 * The payment row of a claimed Idempotency-Key (its id is the key's resource id), with its expiry job, in one
 * transaction; a request resuming a dead attempt finds the row it wrote (same ids: same order, same provider
 * object).
 */
export async function openPayment(db: Db, jobs: Jobs, id: string, input: NewPayment): Promise<PaymentRecord> {
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + input.timeoutMinutes * 60_000);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentRecords)
      .values({
        id,
        orderId: input.orderId,
        method: input.method,
        provider: input.provider,
        demo: input.demo,
        amountCents: 0,
        requestKey: input.requestKey,
        createdAt,
        expiresAt,
      })
      .onConflictDoNothing({ target: paymentRecords.id })
      .returning();
    if (row) {
      await jobs.enqueue<ExpirePayload>(tx, EXPIRE_JOB, { payment_id: id }, { key: id, runAt: expiresAt });
    }
    return row ?? null;
  });
  if (created) {
    return created;
  }
  return (await paymentById(db, id))!;
}

/** The order was refused (stock, total): no order exists, so the payment and its expiry job go. */
export async function dropClaim(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(paymentRecords)
      .where(and(eq(paymentRecords.id, id), isNull(paymentRecords.providerObjectId)));
    await tx
      .delete(jobRows)
      .where(and(eq(jobRows.name, EXPIRE_JOB), eq(jobRows.key, id), isNull(jobRows.doneAt)));
  });
}

/** The provider object exists: record it and the authoritative amount. */
export async function recordProviderObject(
  db: Db,
  id: string,
  fields: { providerObjectId: string; amountCents: number },
): Promise<PaymentRecord> {
  const [row] = await db
    .update(paymentRecords)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(paymentRecords.id, id))
    .returning();
  return row!;
}

export async function recordAmount(db: Db, id: string, amountCents: number): Promise<void> {
  await db.update(paymentRecords).set({ amountCents }).where(eq(paymentRecords.id, id));
}
