import type { Customer } from '@edicola/contracts';
import type { customers } from '../db/schema';

export type CustomerRow = typeof customers.$inferSelect;

/** A customer row as the API shows it (docs/product/records.md#customer); never the password hash. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    customer_id: row.id,
    email: row.email,
    telefono: row.telefono,
    tipo_cliente: row.tipoCliente,
    dati_privato: row.tipoCliente === 'privato' ? (row.datiPrivato ?? null) : null,
    dati_azienda: row.tipoCliente === 'azienda' ? (row.datiAzienda ?? null) : null,
    indirizzo: { street: row.street, city: row.city, province: row.province, cap: row.cap },
  };
}
