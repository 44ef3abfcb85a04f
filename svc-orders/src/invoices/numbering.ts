import { and, eq, gt, lt, max, or } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { fiscalNumbers } from '../db/schema';

/** '12/2026' → { seq: 12, year: 2026 } (InvoiceNumber of contracts has checked the shape). */
export function parseFiscalNumber(number: string): { seq: number; year: number } {
  const [seq, year] = number.split('/');
  return { seq: Number(seq), year: Number(year) };
}

/** The next free number of a year: one more than the highest given (invoices and credit notes share the series). */
export async function nextSeq(db: Db, year: number): Promise<number> {
  const [row] = await db
    .select({ top: max(fiscalNumbers.seq) })
    .from(fiscalNumbers)
    .where(eq(fiscalNumbers.year, year));
  return (row?.top ?? 0) + 1;
}

/**
 * Takes a number for a document, or answers false when the year already has it. The unique (year, seq) decides
 * between concurrent saves: ON CONFLICT DO NOTHING waits for the other transaction and then gives nothing back.
 */
export async function takeNumber(
  tx: Db,
  entry: { number: string; kind: 'invoice' | 'credit_note'; orderId: string; issuedOn: string },
): Promise<boolean> {
  const { seq, year } = parseFiscalNumber(entry.number);
  const taken = await tx
    .insert(fiscalNumbers)
    .values({
      year,
      seq,
      number: entry.number,
      kind: entry.kind,
      orderId: entry.orderId,
      issuedOn: entry.issuedOn,
    })
    .onConflictDoNothing()
    .returning({ seq: fiscalNumbers.seq });
  return taken.length === 1;
}

/** Takes the next free number of the year (retrying past a number a concurrent save took meanwhile). */
export async function takeNextNumber(
  tx: Db,
  entry: { year: number; kind: 'invoice' | 'credit_note'; orderId: string; issuedOn: string },
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const number = `${await nextSeq(tx, entry.year)}/${entry.year}`;
    if (await takeNumber(tx, { ...entry, number })) return number;
  }
  throw new Error(`no free fiscal number found for ${entry.year}`);
}

/** Whether a number is already used in its year. */
export async function numberUsed(db: Db, number: string): Promise<boolean> {
  const { seq, year } = parseFiscalNumber(number);
  const rows = await db
    .select({ seq: fiscalNumbers.seq })
    .from(fiscalNumbers)
    .where(and(eq(fiscalNumbers.year, year), eq(fiscalNumbers.seq, seq)));
  return rows.length > 0;
}

/**
 * Numbers follow the dates (invoices are numbered progressively in chronological order): a number whose date is
 * before a lower number's, or after a higher one's, breaks the series. Answers the first such neighbour, or null.
 */
export async function chronologyClash(
  db: Db,
  number: string,
  date: string,
): Promise<{ number: string; issuedOn: string } | null> {
  const { seq, year } = parseFiscalNumber(number);
  const [row] = await db
    .select({ number: fiscalNumbers.number, issuedOn: fiscalNumbers.issuedOn })
    .from(fiscalNumbers)
    .where(
      and(
        eq(fiscalNumbers.year, year),
        or(
          and(lt(fiscalNumbers.seq, seq), gt(fiscalNumbers.issuedOn, date)),
          and(gt(fiscalNumbers.seq, seq), lt(fiscalNumbers.issuedOn, date)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The latest date given in a year's series (a new document is not dated before it), or null. */
export async function latestDate(db: Db, year: number): Promise<string | null> {
  const [row] = await db
    .select({ latest: max(fiscalNumbers.issuedOn) })
    .from(fiscalNumbers)
    .where(eq(fiscalNumbers.year, year));
  return row?.latest ?? null;
}
