import { eq } from 'drizzle-orm';
import { auditChanges, type CustomerStaffUpdate } from '@edicola/contracts';
import { notFound, type Audit, type Db } from '@edicola/platform';
import { customers } from '../db/schema';
import { updateCustomerProfile } from './accounts';
import { CUSTOMER_NOT_FOUND } from './directory';
import type { CustomerRow } from './mapping';

const AUDITED = ['dati_privato', 'dati_azienda', 'street', 'city', 'province', 'cap', 'notes'] as const;

const audited = (row: CustomerRow) => ({
  dati_privato: row.datiPrivato,
  dati_azienda: row.datiAzienda,
  street: row.street,
  city: row.city,
  province: row.province,
  cap: row.cap,
  notes: row.notes,
});

/**
 * PUT /api/admin/customers/{id} (docs/product/back-office.md#customers): staff correct an account's invoice data with
 * the rules of the customer's own profile form (private data only for a private customer, company data only for a
 * company) and keep their notes; what changed goes to the audit trail in the same transaction.
 */
export async function correctCustomer(
  db: Db,
  id: string,
  update: CustomerStaffUpdate,
  audit: Audit,
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    const { notes, ...invoiceData } = update;
    const corrected = await updateCustomerProfile(tx, before, invoiceData);
    const [row] =
      notes === undefined
        ? [corrected]
        : await tx.update(customers).set({ notes }).where(eq(customers.id, id)).returning();
    await audit(tx, {
      entity: 'customer',
      entity_id: id,
      action: 'updated',
      changes: auditChanges(audited(before), audited(row!), AUDITED),
    });
    return row!;
  });
}
