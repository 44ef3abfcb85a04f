import type { RtMode } from '@edicola/contracts';
import {
  DEFAULT_EPSON_CODES,
  journalRequest,
  loginRequest,
  parseAnswer,
  receiptRequest,
  referenceLine,
  returnRequest,
  zReportRequest,
  type EpsonAnswer,
  type EpsonCodes,
} from './epson-xml';
import type { FakeRt } from './fake-rt';
import { journalDocuments, quotes, type JournalDocument } from './paper';
import { romeDayShift, romeInstant, romeTime } from './rome-time';

// The port the counter prints through (docs/product/counter.md#fiscal-receipt), and its Epson adapter (Fiscal
// ePOS-Print XML over HTTP). Why and how a document is never printed twice: docs/decisions/0043-rt-adapter.md.

export interface ReceiptLine {
  description: string;
  quantity: number;
  /** Gross, VAT included. */
  unitPriceCents: number;
  ivaPercentage: number;
}

export interface ReceiptPayment {
  method: 'cash' | 'card' | 'gift_card';
  amountCents: number;
}

/** A document the RT printed, as a return or void quotes it. */
export interface OriginalDocument {
  serial: string;
  /** 'ZZZZ-NNNN'. */
  documentNumber: string;
  zNumber: number;
  printedAt: Date;
}

export interface PrintedDocument {
  serial: string;
  /** 'ZZZZ-NNNN': the Z report it belongs to and its number within it. */
  documentNumber: string;
  zNumber: number;
  /** The RT's clock, to the minute. */
  printedAt: Date;
  /** The raw XML exchanged, kept with the sale: the print and its answer, or the journal read that found it. */
  request: string;
  response: string;
}

export interface PrintedClosure {
  serial: string;
  zNumber: number;
  printedAt: Date;
  request: string;
  response: string;
}

/**
 * How a retry tells the adapter that an earlier attempt for the same `reference` may have reached the RT: the
 * instant before which none was sent. The caller stores it (e.g. with the sale) BEFORE the first attempt and passes
 * it on every later one; the adapter then reads the RT's journal from that day on and answers the document it finds
 * instead of printing again.
 */
export interface Attempt {
  previousAttemptAt?: Date;
}

export interface FiscalPrinter {
  readonly mode: RtMode;
  /** Prints the sale's receipt ONCE: on a retry (`previousAttemptAt`) it first looks for it on the RT. */
  printReceipt(
    sale: { reference: string; lines: ReceiptLine[]; payments: ReceiptPayment[] },
    attempt?: Attempt,
  ): Promise<PrintedDocument>;
  /** A return (reso) or void (annullo) quoting the original document; once per `reference` likewise. */
  printReturn(
    doc: {
      reference: string;
      kind: 'return' | 'void';
      original: OriginalDocument;
      lines: ReceiptLine[];
      refund: ReceiptPayment;
    },
    attempt?: Attempt,
  ): Promise<PrintedDocument>;
  /** The daily closure (Z report); once per `reference` likewise. */
  dailyClosure(closure: { reference: string }, attempt?: Attempt): Promise<PrintedClosure>;
}

/** The RT did not answer in time or could not be reached: nothing is known to be printed; retry later. */
export class RtUnavailable extends Error {}

/** The RT answered with an error (paper out, cover open, a refused command): its message, in Italian for staff. */
export class RtRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export type FiscalPrinterSettings =
  | { mode: 'off' }
  | {
      mode: 'live';
      /** The RT's origin, e.g. http://192.168.1.50 (the adapter posts to /cgi-bin/fpmate.cgi). */
      url: string;
      timeoutMs: number;
      /** The RT's serial number (matricola), quoted by returns and voids. */
      serial: string;
      /** The password that opens the RT's journal to reading, when its set-up asks for one. */
      journalPassword?: string;
      codes?: EpsonCodes;
    }
  | { mode: 'demo'; rt: FakeRt; codes?: EpsonCodes };

/**
 * The printer of a mode. `off` has none: the counter records its sales without a receipt (printed elsewhere) and
 * never calls a printer, so asking for one is a programming error and throws.
 */
export function fiscalPrinter(settings: FiscalPrinterSettings): FiscalPrinter {
  if (settings.mode === 'off') throw new Error('RT_MODE=off: nessun registratore telematico da usare');
  if (settings.mode === 'demo') {
    const rt = settings.rt;
    return new EpsonPrinter(
      'demo',
      (xml) => inProcess(rt, xml),
      rt.serial,
      settings.codes ?? DEFAULT_EPSON_CODES,
    );
  }
  const endpoint = new URL('/cgi-bin/fpmate.cgi', settings.url);
  endpoint.searchParams.set('devid', 'local_printer');
  endpoint.searchParams.set('timeout', String(settings.timeoutMs));
  return new EpsonPrinter(
    'live',
    (xml) => overHttp(endpoint, xml, settings.timeoutMs),
    settings.serial,
    settings.codes ?? DEFAULT_EPSON_CODES,
    settings.journalPassword,
    settings.timeoutMs,
  );
}

const NOT_REACHED =
  'Il registratore telematico non risponde: controlla che sia acceso e collegato, poi riprova';

async function overHttp(endpoint: URL, xml: string, timeoutMs: number): Promise<string> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: xml,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch {
    throw new RtUnavailable(NOT_REACHED);
  }
  if (!response.ok) throw new RtUnavailable(`${NOT_REACHED} (HTTP ${response.status})`);
  return text;
}

async function inProcess(rt: FakeRt, xml: string): Promise<string> {
  try {
    return await rt.handle(xml);
  } catch {
    throw new RtUnavailable(NOT_REACHED);
  }
}

// The printer's web service answers these when the fiscal unit behind it did not answer: the outcome is unknown.
const NO_ANSWER = new Set(['FP_NO_ANSWER', 'FP_NO_ANSWER_NETWORK', 'LAN_TIME_OUT', 'TIMEOUT', 'DEVICE_BUSY']);

const REFUSED: Record<string, string> = {
  EPTR_REC_EMPTY: 'Carta finita nel registratore telematico: cambia il rotolo e riprova',
  EPTR_COVER_OPEN: 'Il coperchio del registratore telematico è aperto: chiudilo e riprova',
};

function refusal(answer: EpsonAnswer): string {
  return (
    REFUSED[answer.code] ??
    `Il registratore telematico ha rifiutato il documento (${[answer.code, answer.status].filter(Boolean).join(' ')}): controllalo e riprova`
  );
}

const pad4 = (n: number) => String(n).padStart(4, '0');

function quoteOf(original: OriginalDocument) {
  const match = /^(\d{4})-(\d{4})$/.exec(original.documentNumber);
  if (!match || Number(match[1]) !== original.zNumber) {
    throw new Error(`Numero di documento non valido: ${original.documentNumber}`);
  }
  return {
    serial: original.serial,
    zNumber: original.zNumber,
    documentNumber: Number(match[2]),
    printedAt: romeTime(original.printedAt),
  };
}

class EpsonPrinter implements FiscalPrinter {
  constructor(
    readonly mode: RtMode,
    private readonly send: (xml: string) => Promise<string>,
    private readonly serial: string,
    private readonly codes: EpsonCodes,
    private readonly journalPassword?: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async printReceipt(
    sale: { reference: string; lines: ReceiptLine[]; payments: ReceiptPayment[] },
    attempt: Attempt = {},
  ): Promise<PrintedDocument> {
    const line = referenceLine(sale.reference);
    if (attempt.previousAttemptAt) {
      const found = await this.findDocument(
        attempt.previousAttemptAt,
        (doc) => doc.kind === 'receipt' && doc.lines.includes(line),
      );
      if (found) return found;
    }
    return this.printDocument(receiptRequest(this.codes, sale));
  }

  async printReturn(
    doc: {
      reference: string;
      kind: 'return' | 'void';
      original: OriginalDocument;
      lines: ReceiptLine[];
      refund: ReceiptPayment;
    },
    attempt: Attempt = {},
  ): Promise<PrintedDocument> {
    const quote = quoteOf(doc.original);
    const request = returnRequest(this.codes, { ...doc, original: quote });
    if (attempt.previousAttemptAt) {
      // A void is the RT's own document quoting the original (one per original); a return carries its reference.
      const line = referenceLine(doc.reference);
      const found = await this.findDocument(attempt.previousAttemptAt, (printed) =>
        doc.kind === 'void'
          ? printed.kind === 'void' && quotes(printed, quote.zNumber, quote.documentNumber)
          : printed.kind === 'return' && printed.lines.includes(line),
      );
      if (found) return found;
    }
    return this.printDocument(request);
  }

  async dailyClosure(_closure: { reference: string }, attempt: Attempt = {}): Promise<PrintedClosure> {
    if (attempt.previousAttemptAt) {
      // A Z report carries no reference of ours: one printed since the earlier attempt began is that attempt's.
      const since = attempt.previousAttemptAt.getTime() - (attempt.previousAttemptAt.getTime() % 60_000);
      const { request, response, documents } = await this.readJournal(attempt.previousAttemptAt);
      const closure = documents.find(
        (doc) =>
          doc.kind === 'closure' &&
          doc.zNumber !== null &&
          doc.printedAt &&
          romeInstant(doc.printedAt).getTime() >= since,
      );
      if (closure) {
        return {
          serial: this.serial,
          zNumber: closure.zNumber!,
          printedAt: romeInstant(closure.printedAt!),
          request,
          response,
        };
      }
    }
    const request = zReportRequest(this.timeoutMs);
    const { answer, response } = await this.exchange(request);
    const zNumber = Number(answer.addInfo.zRepNumber);
    if (!Number.isInteger(zNumber) || zNumber < 1) {
      throw new RtUnavailable(
        'Il registratore telematico ha risposto senza il numero della chiusura: riprova',
      );
    }
    // A Z report's answer has no time: the closure's is when its answer came.
    return { serial: this.serial, zNumber, printedAt: new Date(), request, response };
  }

  /** Sends a request; an answer that is not a success becomes RtRefused, or RtUnavailable when the RT did not know. */
  private async exchange(request: string): Promise<{ answer: EpsonAnswer; response: string }> {
    const response = await this.send(request);
    let answer: EpsonAnswer;
    try {
      answer = parseAnswer(response);
    } catch {
      throw new RtUnavailable('Il registratore telematico ha dato una risposta illeggibile: riprova');
    }
    if (!answer.success) {
      if (NO_ANSWER.has(answer.code)) throw new RtUnavailable(NOT_REACHED);
      throw new RtRefused(refusal(answer), answer.code);
    }
    return { answer, response };
  }

  private async printDocument(request: string): Promise<PrintedDocument> {
    const { answer, response } = await this.exchange(request);
    const info = answer.addInfo;
    const number = Number(info.fiscalReceiptNumber);
    const zNumber = Number(info.zRepNumber);
    const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(info.fiscalReceiptDate ?? '');
    const clock = /^(\d{2}):(\d{2})/.exec(info.fiscalReceiptTime ?? '');
    if (!Number.isInteger(number) || number < 1 || !Number.isInteger(zNumber) || !date || !clock) {
      // Printed, but its numbers are unreadable: the retry finds it in the journal.
      throw new RtUnavailable(
        'Il registratore telematico ha risposto senza il numero del documento: riprova',
      );
    }
    return {
      serial: this.serial,
      documentNumber: `${pad4(zNumber)}-${pad4(number)}`,
      zNumber,
      printedAt: romeInstant({
        day: Number(date[1]),
        month: Number(date[2]),
        year: Number(date[3]),
        hour: Number(clock[1]),
        minute: Number(clock[2]),
      }),
      request,
      response,
    };
  }

  /**
   * The RT's journal from the day before `since` (clocks drift) to today. A journal that cannot be read is a
   * refusal, never a reason to print: whoever retries learns it and the document is not printed twice.
   */
  private async readJournal(since: Date) {
    if (this.journalPassword) await this.exchange(loginRequest(this.journalPassword));
    const latest = new Date(Math.max(Date.now(), since.getTime()));
    const request = journalRequest(romeDayShift(romeTime(since), -1), romeTime(latest));
    const { answer, response } = await this.exchange(request).catch((error: unknown) => {
      if (error instanceof RtRefused) {
        throw new RtRefused(
          `Non riesco a leggere il giornale del registratore per controllare se il documento è già stampato: ${error.message}`,
          error.code,
        );
      }
      throw error;
    });
    return { request, response, documents: journalDocuments(answer.lines) };
  }

  private async findDocument(
    since: Date,
    matches: (doc: JournalDocument) => boolean,
  ): Promise<PrintedDocument | null> {
    const { request, response, documents } = await this.readJournal(since);
    const found = documents.find(matches);
    if (!found) return null;
    if (found.zNumber === null || found.documentNumber === null || !found.printedAt) {
      throw new RtRefused(
        'Il documento è sul giornale del registratore ma senza numero o data: controlla la stampa a mano',
        'JOURNAL',
      );
    }
    return {
      serial: this.serial,
      documentNumber: `${pad4(found.zNumber)}-${pad4(found.documentNumber)}`,
      zNumber: found.zNumber,
      printedAt: romeInstant(found.printedAt),
      request,
      response,
    };
  }
}
