import type { Customer } from '@edicola/contracts';

export {
  Customer,
  CustomerLoginResponse,
  CustomerOrder,
  CustomerOrderList,
  type CustomerProfileUpdate,
  type CustomerRegistration,
  type TipoCliente,
} from '@edicola/contracts';

/** The name the account menu and the profile show: private name, or the company name. */
export function displayName(customer: Customer): string {
  if (customer.tipo_cliente === 'azienda') return customer.dati_azienda?.ragione_sociale ?? customer.email;
  const { nome, cognome } = customer.dati_privato ?? {};
  return [nome, cognome].filter(Boolean).join(' ') || customer.email;
}
