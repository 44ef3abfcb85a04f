import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
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

/** How long the creator of a payment holds it before a retry with the same key may take over. */
const CREATION_LEASE_MS = 30_000;

export type Claim =
  | { kind: 'mine'; payment: PaymentRecord }
  | { kind: 'done'; payment: PaymentRecord }
  | { kind: 'busy'; payment: PaymentRecord };

/**
 * One payment per request key. The first request inserts the row (and its expiry job, in the same transaction)
 * and creates the order and the provider object; a repeat finds the provider object and answers the same; a
 * repeat while the first is still at work waits (`busy`); a repeat after the first gave up (or died) takes the
 * creation over, with the same ids, so the order and the provider object are still made once.
 */
export async function claimPayment(db: Db, jobs: Jobs, input: NewPayment): Promise<Claim> {
  const id = randomUUID();
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
      .onConflictDoNothing({ target: paymentRecords.requestKey })
      .returning();
    if (row) {
      await jobs.enqueue<ExpirePayload>(tx, EXPIRE_JOB, { payment_id: id }, { key: id, runAt: expiresAt });
    }
    return row ?? null;
  });
  if (created) {
    jobs.wake();
    return { kind: 'mine', payment: created };
  }
  const [taken] = await db
    .update(paymentRecords)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentRecords.requestKey, input.requestKey),
        isNull(paymentRecords.providerObjectId),
        inArray(paymentRecords.status, ['open']),
        lt(paymentRecords.updatedAt, sql`now() - ${CREATION_LEASE_MS}::integer * interval '1 millisecond'`),
      ),
    )
    .returning();
  if (taken) return { kind: 'mine', payment: taken };
  const [existing] = await db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.requestKey, input.requestKey));
  if (!existing) return claimPayment(db, jobs, input);
  return existing.providerObjectId || existing.status !== 'open'
    ? { kind: 'done', payment: existing }
    : { kind: 'busy', payment: existing };
}

/** Lets a retry take the creation over at once (the provider call failed; the ids stay). */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db
    .update(paymentRecords)
    .set({ updatedAt: sql`'epoch'::timestamptz` })
    .where(and(eq(paymentRecords.id, id), isNull(paymentRecords.providerObjectId)));
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

/** Waits for the request that holds the key to finish (or to give up), then claims again. */
export async function claimWaiting(
  db: Db,
  jobs: Jobs,
  input: NewPayment,
  { timeoutMs = 20_000, intervalMs = 100 } = {},
): Promise<Claim> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const claim = await claimPayment(db, jobs, input);
    if (claim.kind !== 'busy' || Date.now() > deadline) return claim;
    await new Promise((resume) => setTimeout(resume, intervalMs));
  }
}
