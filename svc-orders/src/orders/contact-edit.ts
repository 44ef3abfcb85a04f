import { and, eq, ne } from 'drizzle-orm';
import { postcodeProblem, type Order, type OrderContactUpdate, type OrderStatus } from '@edicola/contracts';
import { conflict, HttpError, notFound, type Audit, type Database, type EventBus } from '@edicola/platform';
import { orderEdits, shipments } from '../db/schema';
import { hasRejectedDocument } from '../sdi/documents';
import { lockOrder, moveOrder, type Actor } from './order-writer';
import { ORDER_NOT_FOUND } from './queries';
import { orderWithRefunds } from './refunds';

export const CONTACT_NOT_EDITABLE =
  "L'ordine è già spedito, consegnato o annullato: nome, contatti e indirizzo non si cambiano più";
export const CONTACT_NOT_WEB =
  'Solo gli ordini del negozio online si modificano qui: quelli di eBay e del banco restano come sono arrivati';
export const CONTACT_SHIPMENT_CREATED =
  "La spedizione è già stata creata con questo indirizzo: annullala su Packlink prima di cambiare l'indirizzo";
export const CONTACT_INVOICED =
  'La fattura è già stata emessa con questi dati: per cambiarli serve una nota di credito';

const EDITABLE: readonly OrderStatus[] = ['pending', 'paid', 'confirmed'];
const FIELDS = ['name', 'email', 'phone', 'address', 'city', 'zipCode'] as const;

/**
 * PUT /api/orders/{id}/contact (docs/product/back-office.md#order-editing): a web order's buyer name, e-mail, phone and
 * shipping address, corrected by staff before anything left with them: not once shipped, nor once a shipment or the
 * invoice was made from them (an invoice the SdI rejected opens them again). The country stays: it priced the
 * shipping. Through the order writer, audited, and kept for the timeline (which fields), in one transaction; nothing
 * changed, nothing written.
 */
export async function editContact(
  database: Database,
  bus: EventBus,
  change: { orderId: string; update: OrderContactUpdate; staff: Actor },
  audit?: Audit,
): Promise<Order> {
  const updated = await database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, change.orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.channel !== 'web') throw conflict(CONTACT_NOT_WEB);
    if (!EDITABLE.includes(row.status)) throw conflict(CONTACT_NOT_EDITABLE);
    const [shipment] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.orderId, row.id), ne(shipments.state, 'failed')))
      .limit(1);
    if (shipment || row.packlinkShipmentId) throw conflict(CONTACT_SHIPMENT_CREATED);
    if (row.invoiceData?.invoice_issued && !(await hasRejectedDocument(tx, row.id)))
      throw conflict(CONTACT_INVOICED);

    const info = row.customerInfo;
    const country = typeof info.country === 'string' ? info.country : row.shippingCountry;
    const problem = postcodeProblem(country, change.update.zipCode);
    if (problem) throw new HttpError(422, problem);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of FIELDS) {
      const before = info[field] ?? null;
      const after = change.update[field] ?? null;
      if (before !== after) changes[field] = { from: before, to: after };
    }
    if (Object.keys(changes).length === 0) return row;
    const at = new Date();
    await tx.insert(orderEdits).values({
      orderId: row.id,
      fields: Object.keys(changes),
      editedById: change.staff.id,
      editedBy: change.staff.username,
      editedAt: at,
    });
    return moveOrder(tx, bus, row, {
      at,
      by: change.staff,
      fields: { customerInfo: { ...info, ...change.update } },
      ...(audit && {
        audit: {
          to: audit,
          entry: () => ({ entity: 'order', entity_id: row.id, action: 'contact_updated', changes }),
        },
      }),
    });
  });
  return orderWithRefunds(database.db, updated);
}
