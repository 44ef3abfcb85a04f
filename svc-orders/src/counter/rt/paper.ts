import type { RomeTime } from './rome-time';

// How an RT's documents read on paper and in its electronic journal: the fake RT prints these lines, and the adapter
// reads them back from the journal to recognise a document it sent but got no answer for. The markers are those of
// the documento commerciale (docs/product/counter.md#fiscal-receipt); the exact layout of the shop's RT is to be
// checked on the device (docs/decisions/0043-rt-adapter.md).

export const PAPER = {
  header: 'DOCUMENTO COMMERCIALE',
  sale: 'di vendita o prestazione',
  return: 'emesso per RESO MERCE',
  void: 'emesso per ANNULLAMENTO',
  closure: 'CHIUSURA GIORNALIERA',
} as const;

const pad4 = (n: number) => String(n).padStart(4, '0');
const pad2 = (n: number) => String(n).padStart(2, '0');

/** "DOCUMENTO N. 0012-0034". */
export const numberLine = (zNumber: number, documentNumber: number) =>
  `DOCUMENTO N. ${pad4(zNumber)}-${pad4(documentNumber)}`;

/** "Documento di riferimento N. 0012-0034 del 29-11-2026": how a return or void quotes its original. */
export const originalLine = (zNumber: number, documentNumber: number, day: RomeTime) =>
  `Documento di riferimento N. ${pad4(zNumber)}-${pad4(documentNumber)} del ${pad2(day.day)}-${pad2(day.month)}-${day.year}`;

/** "AZZERAMENTO N. 0012". */
export const closureLine = (zNumber: number) => `AZZERAMENTO N. ${pad4(zNumber)}`;

/** One document as the journal holds it. */
export interface JournalDocument {
  kind: 'receipt' | 'return' | 'void' | 'closure';
  lines: string[];
  zNumber: number | null;
  documentNumber: number | null;
  printedAt: RomeTime | null;
}

/** The journal's lines, cut into documents at each heading (a document's lines start at its heading). */
export function journalDocuments(lines: string[]): JournalDocument[] {
  const documents: string[][] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === PAPER.header || line === PAPER.closure) documents.push([line]);
    else documents.at(-1)?.push(line);
  }
  return documents.map((doc) => {
    const kind =
      doc[0] === PAPER.closure
        ? 'closure'
        : doc.includes(PAPER.return)
          ? 'return'
          : doc.includes(PAPER.void)
            ? 'void'
            : 'receipt';
    let zNumber: number | null = null;
    let documentNumber: number | null = null;
    let printedAt: RomeTime | null = null;
    // Not anchored: a real RT may pad or prefix its lines. The document's own date is its last one (a return's
    // quote of its original carries a day, not a time).
    for (const line of doc) {
      const number = /DOCUMENTO N\.\s*(\d{4})-(\d{4})/.exec(line);
      if (number) [zNumber, documentNumber] = [Number(number[1]), Number(number[2])];
      const closure = /AZZERAMENTO N\.\s*(\d{1,4})/.exec(line);
      if (closure) zNumber = Number(closure[1]);
      const date = /(\d{2})[-/](\d{2})[-/](\d{4})\s+(\d{2}):(\d{2})/.exec(line);
      if (date) {
        const [day, month, year, hour, minute] = date.slice(1).map(Number) as [
          number,
          number,
          number,
          number,
          number,
        ];
        printedAt = { year, month, day, hour, minute };
      }
    }
    return { kind, lines: doc, zNumber, documentNumber, printedAt };
  });
}

/**
 * Does this document quote that original (its `ZZZZ-NNNN` on a line other than its own number's)? Not the exact
 * line: an RT may wrap "Documento di riferimento N. … del …" over two.
 */
export function quotes(doc: JournalDocument, zNumber: number, documentNumber: number): boolean {
  const number = `${pad4(zNumber)}-${pad4(documentNumber)}`;
  return doc.lines.some((line) => line.includes(number) && !/DOCUMENTO N\./.test(line));
}
