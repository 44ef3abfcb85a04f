import { eq } from 'drizzle-orm';
import { eurosToCents, type Order, type RecordTransferRequest } from '@edicola/contracts';
import { conflict, notFound, type Audit, type Database, type EventBus } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { changeOrder, moneyTaken } from './payment-state';
import { ORDER_NOT_FOUND } from './queries';
import { orderWithRefunds } from './refunds';

export const NOT_A_TRANSFER = 'Solo gli ordini pagati con bonifico si registrano a mano';
export const TRANSFER_ON_CANCELLED =
  "L'ordine è annullato: il bonifico non si registra, va restituito al cliente";
export const TRANSFER_ALREADY_RECORDED = 'Il pagamento di questo ordine è già registrato';

export interface TransferRecording {
  orderId: string;
  transfer: RecordTransferRequest;
  staff: { id: string; username: string };
}

/**
 * PUT /api/orders/{id}/payment: staff record the bank transfer received for a transfer order. payment_status
 * becomes paid and a pending order paid (its history row by that staff user and order.status_changed, in the
 * same transaction). An amount other than the order's total is recorded all the same, flagged
 * `amount_matches: false` for staff to settle with the customer.
 */
export async function recordTransferPayment(
  database: Database,
  bus: EventBus,
  recording: TransferRecording,
  audit?: Audit,
): Promise<Order> {
  const updated = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderRecords)
      .where(eq(orderRecords.id, recording.orderId))
      .for('update');
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== 'transfer') throw conflict(NOT_A_TRANSFER);
    if (row.status === 'cancelled') throw conflict(TRANSFER_ON_CANCELLED);
    if (moneyTaken(row.paymentStatus)) throw conflict(TRANSFER_ALREADY_RECORDED);
    const now = new Date();
    const amountCents = eurosToCents(recording.transfer.amount);
    await audit?.(tx, {
      entity: 'order',
      entity_id: row.id,
      action: 'transfer_recorded',
      changes: {
        payment_status: { from: row.paymentStatus, to: 'paid' },
        transfer_amount: { from: null, to: recording.transfer.amount },
        bank_reference: { from: null, to: recording.transfer.bank_reference },
      },
    });
    return changeOrder(
      tx,
      bus,
      row,
      {
        paymentStatus: 'paid',
        ...(row.status === 'pending' ? { status: 'paid' as const } : {}),
        transferPayment: {
          received_on: recording.transfer.received_on,
          amount_cents: amountCents,
          bank_reference: recording.transfer.bank_reference,
          amount_matches: amountCents === row.totalCents,
          recorded_by_id: recording.staff.id,
          recorded_by: recording.staff.username,
          recorded_at: now.toISOString(),
        },
      },
      now,
      recording.staff,
    );
  });
  bus.wake();
  return orderWithRefunds(database.db, updated);
}
