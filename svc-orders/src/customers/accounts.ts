import { eq, sql } from 'drizzle-orm';
import type { CustomerProfileUpdate, CustomerRegistration } from '@edicola/contracts';
import { badRequest, conflict, type Db } from '@edicola/platform';
import { customers } from '../db/schema';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../passwords/hashing';
import type { CustomerRow } from './mapping';

const byEmail = (email: string) => eq(sql`lower(${customers.email})`, email.trim().toLowerCase());

export const emailTaken = () => conflict('Esiste già un account registrato con questa email');

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export async function registerCustomer(db: Db, input: CustomerRegistration): Promise<CustomerRow> {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(byEmail(input.email))
    .limit(1);
  if (existing) throw emailTaken();
  const common = {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    telefono: input.telefono,
    tipoCliente: input.tipo_cliente,
    street: input.street,
    city: input.city,
    province: input.province,
    cap: input.cap,
  };
  const values =
    input.tipo_cliente === 'privato'
      ? {
          ...common,
          datiPrivato: { nome: input.nome, cognome: input.cognome, codice_fiscale: input.codice_fiscale },
        }
      : {
          ...common,
          datiAzienda: {
            ragione_sociale: input.ragione_sociale,
            piva: input.piva,
            codice_fiscale_azienda: input.codice_fiscale_azienda,
            pec: input.pec,
            sdi: input.sdi,
            referente: input.referente,
          },
        };
  try {
    const [row] = await db.insert(customers).values(values).returning();
    return row!;
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The customer these credentials belong to, or null, in the same time for an unknown e-mail. */
export async function authenticateCustomer(
  db: Db,
  email: string,
  password: string,
): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(byEmail(email)).limit(1);
  if (!row) {
    await verifyAgainstDummy(password);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  if (needsRehash(row.passwordHash)) {
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(customers.id, row.id));
  }
  return row;
}

/** A new password: every session of the customer ends. Answers the new session version. */
export async function setCustomerPassword(db: Db, id: string, password: string): Promise<number> {
  const [row] = await db
    .update(customers)
    .set({
      passwordHash: await hashPassword(password),
      sessionVersion: sql`${customers.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, id))
    .returning({ sessionVersion: customers.sessionVersion });
  return row?.sessionVersion ?? 0;
}

/** Logout: the customer's tokens stop working on every service. */
export async function endCustomerSessions(db: Db, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ sessionVersion: sql`${customers.sessionVersion} + 1` })
    .where(eq(customers.id, id));
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(byEmail(email)).limit(1);
  return row ?? null;
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** Applies the fields given; private data only to a private customer, company data only to a company. */
export async function updateCustomerProfile(
  db: Db,
  current: CustomerRow,
  update: CustomerProfileUpdate,
): Promise<CustomerRow> {
  if (current.tipoCliente === 'privato' && update.dati_azienda) {
    throw badRequest('Un cliente privato non ha dati aziendali');
  }
  if (current.tipoCliente === 'azienda' && update.dati_privato) {
    throw badRequest('Un cliente azienda non ha dati di un privato');
  }
  const [row] = await db
    .update(customers)
    .set({
      ...(update.telefono !== undefined && { telefono: update.telefono }),
      ...(update.indirizzo && update.indirizzo),
      ...(update.dati_privato && { datiPrivato: update.dati_privato }),
      ...(update.dati_azienda && { datiAzienda: update.dati_azienda }),
      updatedAt: new Date(),
    })
    .where(eq(customers.id, current.id))
    .returning();
  return row!;
}
