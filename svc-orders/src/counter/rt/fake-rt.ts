import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoRtDocument, DemoRtJournal } from '@edicola/contracts';
import {
  answer,
  centsOf,
  DEFAULT_EPSON_CODES,
  epsonAmount,
  parseRequest,
  type EpsonCodes,
  type EpsonCommand,
} from './epson-xml';
import { closureLine, numberLine, originalLine, PAPER } from './paper';
import { romeInstant, romePaper, romeTime, romeDateSlash, romeClock, type RomeTime } from './rome-time';

/**
 * A fake Epson RT (FP-81 II / FP-90III) for RT_MODE=demo (in the process, through `handle`) and the tests (over HTTP
 * at /cgi-bin/fpmate.cgi). It reads the requests of ./epson-xml.ts, prints documenti commerciali numbered
 * `ZZZZ-NNNN` (the Z report closes the day: the next documents are numbered from 1 under the next Z), keeps them in
 * memory as its electronic journal, answers the addInfo fields a real one answers, and can be told to misbehave:
 * hold its answers or its work, lose the answer of the next document it prints, refuse the next one.
 * It handles one request at a time, in the order they arrive, as the printer does.
 */

export interface FakeRtShop {
  name: string;
  vatNumber: string;
  address: string;
  cap: string;
  city: string;
  province: string;
}

export interface FakeRtOptions {
  shop: FakeRtShop;
  /** The RT's serial number (matricola). */
  serial?: string;
  codes?: EpsonCodes;
  now?: () => Date;
}

/** One document the fake printed. */
export interface FakeRtDocument {
  kind: 'receipt' | 'return' | 'void' | 'closure';
  zNumber: number;
  /** Within its Z; null for a closure. */
  documentNumber: number | null;
  printedAt: Date;
  totalCents: number;
  text: string[];
  request: string;
}

type FakeAnswer = Parameters<typeof answer>[0];

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The answer was lost on the way back (the connection dropped after the RT printed). */
export class AnswerLost extends Error {}

/** Refusal codes and the printer's status text for them (what a paper end looks like, etc.). */
const REFUSALS: Record<string, string> = {
  EPTR_REC_EMPTY: 'carta esaurita',
  EPTR_COVER_OPEN: 'coperchio aperto',
};

const PAYMENT_LABELS = {
  cash: 'Pagamento contante',
  card: 'Pagamento elettronico',
  gift_card: 'Buono multiuso',
} as const;

const WIDTH = 40;
const row = (left: string, right: string) =>
  `${left}${' '.repeat(Math.max(1, WIDTH - left.length - right.length))}${right}`;

export class FakeRt {
  readonly serial: string;
  private readonly shop: FakeRtShop;
  private readonly codes: EpsonCodes;
  private readonly now: () => Date;
  private zNumber = 1;
  private lastDocument = 0;
  private readonly documents: FakeRtDocument[] = [];
  private readonly voided = new Set<FakeRtDocument>();
  private readonly returnedCents = new Map<FakeRtDocument, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private workGate: Gate | null = null;
  private answerGate: Gate | null = null;
  private dropNext = false;
  private refusal: string | null = null;
  private journalRefusal: string | null = null;
  private server: Server | null = null;
  /** Every request received, in order (the tests count the prints asked for). */
  readonly requests: string[] = [];

  constructor(options: FakeRtOptions) {
    this.shop = options.shop;
    this.serial = options.serial ?? '99MEY000001';
    this.codes = options.codes ?? DEFAULT_EPSON_CODES;
    this.now = options.now ?? (() => new Date());
  }

  // --- Misbehaviour, for the tests -----------------------------------------------------------------------------

  /** Prints what arrives but keeps the answers until `resume()` (the answer is late, the document is out). */
  holdAnswers(): void {
    this.answerGate ??= gate();
  }

  /** Takes requests but does nothing with them until `resume()` (the printer is busy: nothing printed yet). */
  holdWork(): void {
    this.workGate ??= gate();
  }

  resume(): void {
    this.answerGate?.open();
    this.workGate?.open();
    this.answerGate = null;
    this.workGate = null;
  }

  /** The next document is printed, then its connection drops before the answer. */
  dropNextAnswerAfterPrinting(): void {
    this.dropNext = true;
  }

  /** The next document (receipt, return, void or Z report) is refused with this code (EPTR_REC_EMPTY: paper end). */
  refuseNext(code: string): void {
    this.refusal = code;
  }

  /** The next journal read is refused with this code (a journal that asks for a login, for one). */
  refuseNextJournalRead(code: string): void {
    this.journalRefusal = code;
  }

  // --- The printer -----------------------------------------------------------------------------------------------

  /** The in-process entry (RT_MODE=demo): a request's XML in, the answer's XML out. */
  async handle(xml: string): Promise<string> {
    const result = await this.enqueue(xml);
    if (result.lost) throw new AnswerLost('Connessione al registratore interrotta');
    return result.answer;
  }

  /** Every document printed, oldest first. */
  printed(): FakeRtDocument[] {
    return [...this.documents];
  }

  /** The paper roll, newest first (GET /api/pos/demo-rt). */
  journal(): DemoRtJournal {
    return {
      serial: this.serial,
      documents: [...this.documents].reverse().map((doc): DemoRtDocument => ({
        document_number:
          doc.documentNumber === null
            ? `Z-${String(doc.zNumber).padStart(4, '0')}`
            : `${String(doc.zNumber).padStart(4, '0')}-${String(doc.documentNumber).padStart(4, '0')}`,
        kind: doc.kind,
        printed_at: doc.printedAt.toISOString(),
        z_number: doc.zNumber,
        total: doc.totalCents / 100,
        text: doc.text,
      })),
    };
  }

  /** Serves /cgi-bin/fpmate.cgi on loopback; answers the origin (http://127.0.0.1:port). */
  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      if (req.method !== 'POST' || !req.url?.startsWith('/cgi-bin/fpmate.cgi')) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void this.enqueue(Buffer.concat(chunks).toString('utf8')).then((result) => {
          if (result.lost) req.socket.destroy();
          else if (!res.destroyed)
            res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(result.answer);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.resume();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private enqueue(xml: string): Promise<{ answer: string; lost: boolean }> {
    this.requests.push(xml);
    const work = this.queue.then(async () => {
      if (this.workGate) await this.workGate.promise;
      return this.execute(xml);
    });
    this.queue = work.catch(() => undefined);
    // The answer waits outside the queue: the printer goes on with the next request meanwhile.
    return work.then(async (result) => {
      if (this.answerGate) await this.answerGate.promise;
      return result;
    });
  }

  private execute(xml: string): { answer: string; lost: boolean } {
    let request;
    try {
      request = parseRequest(xml);
    } catch {
      return { answer: answer({ success: false, code: 'PARSER_ERROR', status: '0' }), lost: false };
    }
    const prints = request.body === 'printerFiscalReceipt' || request.body === 'printerFiscalReport';
    if (prints && this.refusal) {
      const code = this.refusal;
      this.refusal = null;
      return { answer: answer({ success: false, code, status: REFUSALS[code] ?? 'errore' }), lost: false };
    }
    if (request.commands[0]?.name === 'queryContentByDate' && this.journalRefusal) {
      const code = this.journalRefusal;
      this.journalRefusal = null;
      return { answer: answer({ success: false, code, status: 'lettura non permessa' }), lost: false };
    }
    let result: FakeAnswer;
    try {
      result = this.perform(request.body, request.commands, xml);
    } catch (error) {
      result = { success: false, code: 'PRINTER ERROR', status: (error as Error).message };
    }
    const lost = prints && result.success && this.dropNext;
    if (lost) this.dropNext = false;
    return { answer: answer(result), lost };
  }

  private perform(body: string, commands: EpsonCommand[], xml: string): FakeAnswer {
    const first = commands[0];
    if (body === 'printerFiscalReceipt') {
      const quote = first?.name === 'printRecMessage' ? quoteOf(first.attributes.message ?? '') : null;
      if (quote) return this.printReturn(quote, commands.slice(1), xml);
      return this.printSale(commands, xml);
    }
    if (body === 'printerFiscalReport' && first?.name === 'printZReport') return this.printClosure(xml);
    if (body === 'printerCommand' && first?.name === 'directIO' && first.attributes.command === '4038') {
      return { success: true, addInfo: { lastCommand: '4038' } };
    }
    if (body === 'printerCommand' && first?.name === 'queryContentByDate')
      return this.readJournal(first.attributes);
    if (body === 'printerCommand' && first?.name === 'queryPrinterStatus') {
      return { success: true, addInfo: { lastCommand: '74', printerStatus: '20110' } };
    }
    throw new Error(`comando non gestito: ${body}/${first?.name ?? ''}`);
  }

  private header(): string[] {
    const shop = this.shop;
    return [
      shop.name,
      shop.address,
      `${shop.cap} ${shop.city} (${shop.province})`,
      `P.IVA ${shop.vatNumber}`,
    ];
  }

  private vatOf(department: string | undefined): number {
    const entry = Object.entries(this.codes.departments).find(([, code]) => String(code) === department);
    if (!entry) throw new Error(`reparto ${department ?? ''} non programmato`);
    return Number(entry[0]);
  }

  private itemsOf(commands: EpsonCommand[], name: string) {
    return commands
      .filter((c) => c.name === name)
      .map((c) => {
        const quantity = Number(c.attributes.quantity);
        const unitCents = centsOf(c.attributes.unitPrice);
        if (!Number.isInteger(quantity) || quantity < 1 || unitCents === null || unitCents < 0) {
          throw new Error('riga non valida');
        }
        const iva = this.vatOf(c.attributes.department);
        return {
          description: c.attributes.description ?? '',
          quantity,
          unitCents,
          iva,
          totalCents: quantity * unitCents,
        };
      });
  }

  private paymentsOf(commands: EpsonCommand[]) {
    return commands
      .filter((c) => c.name === 'printRecTotal')
      .map((c) => {
        const cents = centsOf(c.attributes.payment);
        if (cents === null || cents <= 0) throw new Error('pagamento non valido');
        const type = Number(c.attributes.paymentType);
        const method =
          type === this.codes.payments.card.paymentType
            ? 'card'
            : type === this.codes.payments.gift_card.paymentType
              ? 'gift_card'
              : 'cash';
        return { method, cents } as const;
      });
  }

  private nextDocument(
    kind: FakeRtDocument['kind'],
    body: string[],
    totalCents: number,
    request: string,
  ): FakeRtDocument {
    const printedAt = this.now();
    const clock = romeTime(printedAt);
    const documentNumber = ++this.lastDocument;
    const doc: FakeRtDocument = {
      kind,
      zNumber: this.zNumber,
      documentNumber,
      // The RT's clock counts minutes.
      printedAt: romeInstant(clock),
      totalCents,
      text: [
        ...this.header(),
        ...body,
        romePaper(clock),
        numberLine(this.zNumber, documentNumber),
        `RT ${this.serial}`,
      ],
      request,
    };
    this.documents.push(doc);
    return doc;
  }

  private receiptAnswer(doc: FakeRtDocument) {
    const clock = romeTime(doc.printedAt);
    return {
      success: true,
      code: '',
      status: '2',
      addInfo: {
        lastCommand: '74',
        printerStatus: '20110',
        fiscalReceiptNumber: String(doc.documentNumber),
        fiscalReceiptAmount: epsonAmount(doc.totalCents),
        fiscalReceiptDate: romeDateSlash(clock),
        fiscalReceiptTime: romeClock(clock),
        zRepNumber: String(doc.zNumber),
      },
    };
  }

  private printSale(commands: EpsonCommand[], xml: string) {
    if (commands[0]?.name !== 'beginFiscalReceipt' || commands.at(-1)?.name !== 'endFiscalReceipt') {
      throw new Error('documento senza inizio o fine');
    }
    const items = this.itemsOf(commands, 'printRecItem');
    if (items.length === 0) throw new Error('documento senza righe');
    const total = items.reduce((sum, item) => sum + item.totalCents, 0);
    const payments = this.paymentsOf(commands);
    const paid = payments.reduce((sum, p) => sum + p.cents, 0);
    const card = payments.filter((p) => p.method !== 'cash').reduce((sum, p) => sum + p.cents, 0);
    if (paid < total) throw new Error('pagamento insufficiente');
    if (card > total) throw new Error('pagamento elettronico oltre il totale');
    const body = [
      PAPER.header,
      PAPER.sale,
      row('DESCRIZIONE', 'IVA   Prezzo(€)'),
      ...items.flatMap((item) => [
        ...(item.quantity > 1 ? [`${item.quantity} x ${epsonAmount(item.unitCents)}`] : []),
        row(item.description, `${item.iva}%   ${epsonAmount(item.totalCents)}`),
      ]),
      ...this.messagesOf(commands),
      row('TOTALE COMPLESSIVO', epsonAmount(total)),
      row('di cui IVA', epsonAmount(vatOf(items))),
      ...payments.map((p) => row(PAYMENT_LABELS[p.method], epsonAmount(p.cents))),
      row('Resto', epsonAmount(paid - total)),
      row('Importo pagato', epsonAmount(total)),
    ];
    return this.receiptAnswer(this.nextDocument('receipt', body, total, xml));
  }

  private messagesOf(commands: EpsonCommand[]): string[] {
    return commands
      .filter((c) => c.name === 'printRecMessage' && c.attributes.messageType === '4')
      .map((c) => c.attributes.message ?? '');
  }

  private printReturn(quote: Quote, commands: EpsonCommand[], xml: string) {
    const original = this.documents.find(
      (doc) =>
        doc.kind === 'receipt' &&
        doc.zNumber === quote.zNumber &&
        doc.documentNumber === quote.documentNumber &&
        quote.serial === this.serial &&
        romeDateKey(romeTime(doc.printedAt)) === quote.day,
    );
    if (!original) throw new Error('documento di riferimento non trovato');
    if (this.voided.has(original)) throw new Error('documento di riferimento già annullato');
    const quoted = originalLine(original.zNumber, original.documentNumber!, romeTime(original.printedAt));
    const returned = this.returnedCents.get(original) ?? 0;
    if (quote.kind === 'void') {
      if (returned > 0) throw new Error('documento con resi: annullo non possibile');
      this.voided.add(original);
      const items = original.text.filter((line) => /%\s+\d+,\d\d$/.test(line));
      const body = [
        PAPER.header,
        PAPER.void,
        quoted,
        ...items,
        row('TOTALE COMPLESSIVO', epsonAmount(-original.totalCents)),
      ];
      return this.receiptAnswer(this.nextDocument('void', body, original.totalCents, xml));
    }
    const items = this.itemsOf(commands, 'printRecRefund');
    if (items.length === 0) throw new Error('reso senza righe');
    const total = items.reduce((sum, item) => sum + item.totalCents, 0);
    if (returned + total > original.totalCents) throw new Error('reso oltre il documento di riferimento');
    const payments = this.paymentsOf(commands);
    if (payments.reduce((sum, p) => sum + p.cents, 0) !== total) throw new Error('rimborso diverso dal reso');
    this.returnedCents.set(original, returned + total);
    const body = [
      PAPER.header,
      PAPER.return,
      quoted,
      ...items.map((item) => row(item.description, `${item.iva}%   ${epsonAmount(-item.totalCents)}`)),
      ...this.messagesOf(commands),
      row('TOTALE COMPLESSIVO', epsonAmount(-total)),
      ...payments.map((p) =>
        row(p.method === 'card' ? 'Rimborso elettronico' : 'Rimborso contante', epsonAmount(p.cents)),
      ),
    ];
    return this.receiptAnswer(this.nextDocument('return', body, total, xml));
  }

  private printClosure(xml: string) {
    const since = this.documents.filter((doc) => doc.zNumber === this.zNumber && doc.kind !== 'closure');
    const net = since.reduce(
      (sum, doc) => sum + (doc.kind === 'receipt' ? doc.totalCents : -doc.totalCents),
      0,
    );
    const printedAt = this.now();
    const clock = romeTime(printedAt);
    const doc: FakeRtDocument = {
      kind: 'closure',
      zNumber: this.zNumber,
      documentNumber: null,
      printedAt: romeInstant(clock),
      totalCents: net,
      text: [
        ...this.header(),
        PAPER.closure,
        closureLine(this.zNumber),
        row('DOCUMENTI COMMERCIALI', String(since.length)),
        row('TOTALE GIORNALIERO', epsonAmount(net)),
        romePaper(clock),
        `RT ${this.serial}`,
      ],
      request: xml,
    };
    this.documents.push(doc);
    this.zNumber += 1;
    this.lastDocument = 0;
    return {
      success: true,
      code: '',
      status: '2',
      addInfo: {
        lastCommand: '74',
        printerStatus: '20110',
        zRepNumber: String(doc.zNumber),
        dailyAmount: epsonAmount(net),
      },
    };
  }

  private readJournal(attributes: Record<string, string>) {
    const day = (prefix: string) =>
      Number(attributes[`${prefix}Year`]) * 10_000 +
      Number(attributes[`${prefix}Month`]) * 100 +
      Number(attributes[`${prefix}Day`]);
    const [from, to] = [day('from'), day('to')];
    if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error('date non valide');
    const lines = this.documents
      .filter((doc) => {
        const key = romeDateNumber(romeTime(doc.printedAt));
        return key >= from && key <= to;
      })
      // The journal holds each document from its heading on (the shop's header is printed, not journaled).
      .flatMap((doc) => doc.text.slice(this.header().length));
    const addInfo: Record<string, string> = { lastCommand: '74' };
    lines.forEach((line, i) => (addInfo[`lineNumber${i + 1}`] = line));
    return { success: true, code: '', status: '2', addInfo };
  }
}

interface Quote {
  kind: 'return' | 'void';
  zNumber: number;
  documentNumber: number;
  day: string;
  serial: string;
}

function quoteOf(message: string): Quote | null {
  const match = /^(VOID|REFUND) (\d{4}) (\d{4}) (\d{8}) (\S+)$/.exec(message.trim());
  if (!match) return null;
  return {
    kind: match[1] === 'VOID' ? 'void' : 'return',
    zNumber: Number(match[2]),
    documentNumber: Number(match[3]),
    day: match[4]!,
    serial: match[5]!,
  };
}

const romeDateKey = (t: RomeTime) =>
  `${String(t.day).padStart(2, '0')}${String(t.month).padStart(2, '0')}${t.year}`;
const romeDateNumber = (t: RomeTime) => t.year * 10_000 + t.month * 100 + t.day;

/** The VAT inside gross amounts, rate by rate (scorporo). */
function vatOf(items: { iva: number; totalCents: number }[]): number {
  const byRate = new Map<number, number>();
  for (const item of items) byRate.set(item.iva, (byRate.get(item.iva) ?? 0) + item.totalCents);
  let vat = 0;
  for (const [rate, gross] of byRate) vat += gross - Math.round((gross * 100) / (100 + rate));
  return vat;
}
