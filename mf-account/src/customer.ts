import { z } from 'zod';
import { OrderStatus } from '@edicola/contracts';

// The customer shapes of SPEC §3/§7 as this slice reads them. Lenient on what it does not show
// (extra fields pass, nullable fields may be absent) so a richer server answer never breaks a screen.

export const CustomerType = z.enum(['privato', 'azienda']);
export type CustomerType = z.infer<typeof CustomerType>;

const text = z.string().nullish();

export const Customer = z.object({
  customer_id: z.string(),
  email: z.string(),
  telefono: text,
  tipo_cliente: CustomerType,
  dati_privato: z.object({ nome: text, cognome: text, codice_fiscale: text }).nullish(),
  dati_azienda: z
    .object({
      ragione_sociale: text,
      piva: text,
      codice_fiscale_azienda: text,
      pec: text,
      sdi: text,
      referente: text,
    })
    .nullish(),
  indirizzo: z.object({ street: text, city: text, province: text, cap: text }).nullish(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerLoginResponse = z.object({
  access_token: z.string(),
  customer_id: z.string(),
  email: z.string(),
  tipo_cliente: CustomerType,
});
export type CustomerLoginResponse = z.infer<typeof CustomerLoginResponse>;

/** POST /api/customers/register: exactly the registration payload of SPEC §3. */
export interface RegistrationCommon {
  email: string;
  password: string;
  telefono: string;
  street: string;
  city: string;
  province: string;
  cap: string;
}
export type RegistrationPayload =
  | (RegistrationCommon & {
      tipo_cliente: 'privato';
      nome: string;
      cognome: string;
      codice_fiscale: string | null;
    })
  | (RegistrationCommon & {
      tipo_cliente: 'azienda';
      ragione_sociale: string;
      piva: string;
      codice_fiscale_azienda: string;
      pec: string | null;
      sdi: string | null;
      referente: string | null;
    });

/** PUT /api/customers/profile: what a customer may change (the e-mail and the type stay). */
export interface ProfileUpdate {
  telefono: string;
  indirizzo: { street: string; city: string; province: string; cap: string };
  dati_privato?: { nome: string; cognome: string; codice_fiscale: string | null };
  dati_azienda?: {
    ragione_sociale: string;
    piva: string;
    codice_fiscale_azienda: string;
    pec: string | null;
    sdi: string | null;
    referente: string | null;
  };
}

export const CustomerOrder = z.object({
  id: z.string(),
  created_at: z.string().nullish(),
  order_date: z.string().nullish(),
  status: OrderStatus,
  items: z.array(z.object({ quantity: z.number() }).loose()),
  total_amount: z.number(),
  tracking_number: z.string().nullish(),
  packlink_data: z
    .object({ tracking_number: z.string().nullish(), carrier_name: z.string().nullish() })
    .loose()
    .nullish(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const CustomerOrderList = z.array(CustomerOrder);

/** The name the account menu and the profile show: private name, or the company name. */
export function displayName(customer: Customer): string {
  if (customer.tipo_cliente === 'azienda') return customer.dati_azienda?.ragione_sociale ?? customer.email;
  const { nome, cognome } = customer.dati_privato ?? {};
  return [nome, cognome].filter(Boolean).join(' ') || customer.email;
}
