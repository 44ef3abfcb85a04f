import { eurosToCents, type Order, type RecordTransferRequest } from '@edicola/contracts';
import { conflict, notFound, type Audit, type Database, type EventBus } from '@edicola/platform';
import { lockOrder, moveOrder } from './order-writer';
import { moneyTaken } from './payment-state';
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
    const row = await lockOrder(tx, recording.orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== 'transfer') throw conflict(NOT_A_TRANSFER);
    if (row.status === 'cancelled') throw conflict(TRANSFER_ON_CANCELLED);
    if (moneyTaken(row.paymentStatus)) throw conflict(TRANSFER_ALREADY_RECORDED);
    const now = new Date();
    const amountCents = eurosToCents(recording.transfer.amount);
    return moveOrder(tx, bus, row, {
      at: now,
      by: recording.staff,
      ...(row.status === 'pending' ? { status: { to: 'paid' as const, kind: 'payment' as const } } : {}),
      fields: {
        paymentStatus: 'paid',
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
      ...(audit && {
        audit: {
          to: audit,
          entry: (before) => ({
            entity: 'order',
            entity_id: before.id,
            action: 'transfer_recorded',
            changes: {
              payment_status: { from: before.paymentStatus, to: 'paid' },
              transfer_amount: { from: null, to: recording.transfer.amount },
              bank_reference: { from: null, to: recording.transfer.bank_reference },
            },
          }),
        },
      }),
    });
  });
  return orderWithRefunds(database.db, updated);
}
