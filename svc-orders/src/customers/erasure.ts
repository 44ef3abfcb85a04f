import { and, eq, sql } from 'drizzle-orm';
import { erasedCustomerEmail } from '@edicola/contracts';
import type { Audit, Db, EventBus } from '@edicola/platform';
import { auditEntries, customers, loginFailures, passwordResets } from '../db/schema';
import { lockOrdersOfCustomer, moveOrder, type OrderRow } from '../orders/order-writer';
import type { CustomerRow } from './mapping';

/** What an erased customer's orders show instead of the name they gave. */
export const ERASED_NAME = 'Cliente cancellato';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * What an order keeps of its customer once they are erased (docs/product/records.md#erased-customer): an order with
 * an invoice (asked or issued) keeps what the invoice carries, for the ten years of art. 2220 c.c. — a private
 * buyer's name, the address — and, on the account's own orders, the CAP, province and nome/cognome the invoice took
 * from the account (invoices/document.ts reads them there once the account is gone); every other order keeps only
 * the country. The e-mail, the phone and the notes go on every order.
 */
function erasedInfo(order: OrderRow, account: CustomerRow): Record<string, unknown> {
  const info = order.customerInfo;
  const kept = { email: erasedCustomerEmail(account.id), country: info.country, phone: '' };
  const invoice = order.invoiceData;
  if (!invoice?.requires_invoice) {
    return { ...kept, name: ERASED_NAME, address: '', city: '', zipCode: null };
  }
  // A company's invoice names the company (invoice_data), not the person who ordered.
  const name = invoice.invoice_type === 'azienda' ? ERASED_NAME : info.name;
  if (order.customerId !== account.id) {
    return { ...kept, name, address: info.address, city: info.city, zipCode: info.zipCode ?? null };
  }
  const person =
    account.datiPrivato && account.datiPrivato.codice_fiscale === invoice.codice_fiscale
      ? { nome: account.datiPrivato.nome, cognome: account.datiPrivato.cognome }
      : null;
  return {
    ...kept,
    name,
    address: text(info.address) ?? account.street,
    city: text(info.city) ?? account.city,
    zipCode: text(info.zipCode) ?? account.cap,
    province: account.province,
    ...(person && { invoice_person: person }),
  };
}

/**
 * Erases a customer (docs/product/account.md#erasure) in one transaction: the account goes (its sessions with it:
 * no session version, no token stands), its orders and the guest orders of its e-mail are pseudonymised as
 * erasedInfo says, its reset links and login failures go, the audit entries about it lose the data they held, and
 * `customer.erased` tells the other services. Answers false when there is no such account (already erased).
 */
export async function eraseCustomer(
  db: Db,
  bus: EventBus,
  customerId: string,
  audit: Audit,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!account) return false;
    const email = account.email.trim().toLowerCase();
    const orders = await lockOrdersOfCustomer(tx, customerId, email);
    const at = new Date();
    for (const order of orders) {
      await moveOrder(tx, bus, order, { at, fields: { customerInfo: erasedInfo(order, account) } });
    }
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.account, 'customer'), eq(passwordResets.accountId, customerId)));
    await tx.delete(loginFailures).where(eq(sql`lower(${loginFailures.account})`, email));
    await tx
      .update(auditEntries)
      .set({ changes: {} })
      .where(and(eq(auditEntries.entity, 'customer'), eq(auditEntries.entityId, customerId)));
    // The orders' customer_id becomes null with it (on delete set null): the invoices are the staff's to read.
    await tx.delete(customers).where(eq(customers.id, customerId));
    await audit(tx, {
      entity: 'customer',
      entity_id: customerId,
      action: 'erased',
      changes: { orders: { from: null, to: orders.length } },
    });
    await bus.emit(tx, 'customer.erased', { customer_id: customerId, email });
    return true;
  });
}

/** The audit of a customer's own erasure: the actor is the customer's id, never the e-mail just erased. */
export function auditBySelf(bus: EventBus, customerId: string): Audit {
  return async (tx, entry) => {
    await bus.emit(tx, 'audit.recorded', { ...entry, actor: { id: customerId, username: 'cliente' } });
  };
}
