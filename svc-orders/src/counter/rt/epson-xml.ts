import { create } from 'xmlbuilder2';
import { CONTROL_CHARACTER } from '@edicola/contracts';
import { romeDateCompact, type RomeTime } from './rome-time';

// Epson's Fiscal ePOS-Print XML (FP-81 II RT, FP-90III RT): SOAP envelopes POSTed to /cgi-bin/fpmate.cgi, one
// element per printer command, and the printer's `<response success code status><addInfo>` answer
// (docs/product/counter.md#fiscal-receipt; what was checked where is in docs/decisions/0043-rt-adapter.md).
// The fake RT reads requests and writes answers with the same functions, so both ends speak one dialect.

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const OPERATOR = '1';

/** One element of a request body, its attributes as the printer reads them (strings). */
export interface EpsonCommand {
  name: string;
  attributes: Record<string, string>;
}

/** A request: its body element (printerFiscalReceipt, printerFiscalReport, printerCommand) and its commands. */
export interface EpsonRequest {
  body: string;
  commands: EpsonCommand[];
}

/** The printer's answer: `success`, `code` and `status`, the `addInfo` fields and, for journal reads, its lines. */
export interface EpsonAnswer {
  success: boolean;
  code: string;
  status: string;
  addInfo: Record<string, string>;
  lines: string[];
}

/** Amounts go to the printer in euros with a decimal comma ("12,50"), as its answers write them. */
export function epsonAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** An amount the printer wrote ("1.234,50", "12,50", "12.5"), in cents; null when it is not one. */
export function centsOf(amount: string | undefined): number | null {
  if (amount === undefined) return null;
  const text = amount.trim();
  const normal = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

/** The envelope around one body element. */
export function envelope(body: string, commands: EpsonCommand[]): string {
  const root = create({ version: '1.0', encoding: 'utf-8' })
    .ele(SOAP, 's:Envelope')
    .ele(SOAP, 's:Body')
    .ele(body);
  for (const command of commands) root.ele(command.name, command.attributes);
  return root.end({ prettyPrint: true });
}

export const command = (name: string, attributes: Record<string, string | number> = {}): EpsonCommand => ({
  name,
  attributes: Object.fromEntries(
    Object.entries({ operator: OPERATOR, ...attributes }).map(([key, value]) => [key, String(value)]),
  ),
});

// The little of xmlbuilder2's DOM that reading an answer needs (the service has no DOM library types).
interface XmlNode {
  nodeType: number;
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
}

interface XmlDocument {
  getElementsByTagName(name: string): ArrayLike<XmlNode>;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlNode>;
}

const elementsOf = (node: XmlNode): XmlNode[] =>
  Array.from(node.childNodes).filter((child) => child.nodeType === 1);

function documentOf(xml: string): XmlDocument {
  try {
    return create(xml).doc().node as unknown as XmlDocument;
  } catch {
    throw new Error('XML non leggibile');
  }
}

/** The body of a request (for the fake RT and the tests); throws on anything else than one Epson envelope. */
export function parseRequest(xml: string): EpsonRequest {
  const doc = documentOf(xml);
  const body = Array.from(doc.getElementsByTagNameNS(SOAP, 'Body'))[0];
  const element = body ? elementsOf(body)[0] : undefined;
  if (!element) throw new Error('Busta SOAP senza corpo');
  return {
    body: element.localName,
    commands: elementsOf(element).map((child) => ({
      name: child.localName,
      attributes: Object.fromEntries(Array.from(child.attributes).map((a) => [a.name, a.value])),
    })),
  };
}

/** The printer's answer; throws when the text is not one (a proxy's error page, a cut answer). */
export function parseAnswer(xml: string): EpsonAnswer {
  const doc = documentOf(xml);
  const response = Array.from(doc.getElementsByTagName('response'))[0];
  if (!response) throw new Error('Risposta senza elemento response');
  const addInfo: Record<string, string> = {};
  const info = elementsOf(response).find((child) => child.localName === 'addInfo');
  for (const child of info ? elementsOf(info) : []) {
    if (!/^lineNumber\d+$/.test(child.localName)) addInfo[child.localName] = (child.textContent ?? '').trim();
  }
  // A journal read answers its text as <lineNumber1>, <lineNumber2>…, looked for anywhere in the answer.
  const lines: { index: number; text: string }[] = [];
  const visit = (element: XmlNode) => {
    for (const child of elementsOf(element)) {
      const line = /^lineNumber(\d+)$/.exec(child.localName);
      if (line) lines.push({ index: Number(line[1]), text: child.textContent ?? '' });
      else visit(child);
    }
  };
  visit(response);
  return {
    success: response.getAttribute('success') === 'true',
    code: response.getAttribute('code') ?? '',
    status: response.getAttribute('status') ?? '',
    addInfo,
    lines: lines.sort((a, b) => a.index - b.index).map((line) => line.text),
  };
}

/** The answer the printer writes (the fake RT's; `addInfo` in the order given, `elementList` first). */
export function answer(result: {
  success: boolean;
  code?: string;
  status?: string;
  addInfo?: Record<string, string>;
}): string {
  const response = create({ version: '1.0', encoding: 'utf-8' })
    .ele(SOAP, 'soapenv:Envelope')
    .ele(SOAP, 'soapenv:Body')
    .ele('response', {
      success: String(result.success),
      code: result.code ?? '',
      status: result.status ?? '',
    });
  if (result.addInfo) {
    const info = response.ele('addInfo');
    info.ele('elementList').txt(Object.keys(result.addInfo).join(','));
    for (const [name, value] of Object.entries(result.addInfo)) info.ele(name).txt(value);
  }
  return response.end({ prettyPrint: true });
}

// --- What the counter asks the RT -----------------------------------------------------------------------------

/**
 * The codes the shop's RT is programmed with (its own manual and set-up): a department (reparto) per VAT rate, and
 * a payment type and index per method. Epson's defaults: cash 0, card (pagamento elettronico) 2, index 1; a gift card
 * is a voucher already paid for (docs/decisions/0059-gift-cards.md): Epson's ticket, 3.
 */
export interface EpsonCodes {
  departments: Record<number, number>;
  payments: Record<'cash' | 'card' | 'gift_card', { paymentType: number; index: number }>;
}

export const DEFAULT_EPSON_CODES: EpsonCodes = {
  departments: { 22: 1, 10: 2, 4: 3, 0: 4 },
  payments: {
    cash: { paymentType: 0, index: 1 },
    card: { paymentType: 2, index: 1 },
    gift_card: { paymentType: 3, index: 1 },
  },
};

export interface EpsonLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  ivaPercentage: number;
}

export interface EpsonPayment {
  method: 'cash' | 'card' | 'gift_card';
  amountCents: number;
}

/** The original a return or void quotes: the RT's serial, the Z and document numbers and the Rome day. */
export interface EpsonQuote {
  serial: string;
  zNumber: number;
  documentNumber: number;
  printedAt: RomeTime;
}

/** A line of the body (messageType 4) holds at most 38 characters; descriptions at most 38 too. */
const LINE_WIDTH = 38;

/** The line that carries the sale's (or return's) reference on the paper and in the RT's journal. */
export function referenceLine(reference: string): string {
  const line = `RIF ${reference.replace(/-/g, '').toUpperCase()}`;
  if (!/^RIF [A-Z0-9]{1,34}$/.test(line)) throw new Error(`Riferimento non stampabile: ${reference}`);
  return line;
}

/** "REFUND 0012 0034 29112026 99MEY123456": the message that makes the RT's return or void document. */
export function quoteLine(kind: 'return' | 'void', original: EpsonQuote): string {
  const pad4 = (n: number) => String(n).padStart(4, '0');
  return `${kind === 'void' ? 'VOID' : 'REFUND'} ${pad4(original.zNumber)} ${pad4(original.documentNumber)} ${romeDateCompact(original.printedAt)} ${original.serial}`;
}

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/** Printable on the RT: one line, no control characters, at most 38 characters. */
export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, LINE_WIDTH);
}

function department(codes: EpsonCodes, ivaPercentage: number): number {
  const found = codes.departments[ivaPercentage];
  if (found === undefined) throw new Error(`Nessun reparto del registratore per l'IVA al ${ivaPercentage}%`);
  return found;
}

// The gift card and the card go first: the RT closes the document as soon as the payments cover the total, and
// computes the change on the cash, the last payment.
const PAYMENT_ORDER = { gift_card: 0, card: 1, cash: 2 } as const;
const cardFirst = (payments: EpsonPayment[]) =>
  [...payments]
    .filter((p) => p.amountCents > 0)
    .sort((a, b) => PAYMENT_ORDER[a.method] - PAYMENT_ORDER[b.method]);

const PAYMENT_DESCRIPTIONS = {
  cash: 'PAGAMENTO CONTANTE',
  card: 'PAGAMENTO ELETTRONICO',
  gift_card: 'BUONO MULTIUSO',
} as const;

function totals(codes: EpsonCodes, payments: EpsonPayment[]): EpsonCommand[] {
  return cardFirst(payments).map((p) =>
    command('printRecTotal', {
      description: PAYMENT_DESCRIPTIONS[p.method],
      payment: epsonAmount(p.amountCents),
      paymentType: codes.payments[p.method].paymentType,
      index: codes.payments[p.method].index,
      justification: 1,
    }),
  );
}

function items(
  codes: EpsonCodes,
  lines: EpsonLine[],
  name: 'printRecItem' | 'printRecRefund',
): EpsonCommand[] {
  return lines.map((line) =>
    command(name, {
      description: printable(line.description) || 'ARTICOLO',
      quantity: line.quantity,
      unitPrice: epsonAmount(line.unitPriceCents),
      department: department(codes, line.ivaPercentage),
      justification: 1,
    }),
  );
}

const message = (text: string) => command('printRecMessage', { messageType: 4, message: text });

/** A sale's documento commerciale: the items, the reference line, the payments. */
export function receiptRequest(
  codes: EpsonCodes,
  sale: { reference: string; lines: EpsonLine[]; payments: EpsonPayment[] },
): string {
  return envelope('printerFiscalReceipt', [
    command('beginFiscalReceipt'),
    ...items(codes, sale.lines, 'printRecItem'),
    message(referenceLine(sale.reference)),
    ...totals(codes, sale.payments),
    command('endFiscalReceipt'),
  ]);
}

/**
 * A return (reso): the REFUND message quoting the original opens it, then the returned items, the reference line
 * and the money given back. A void (annullo) is the VOID message alone: the RT voids the whole original itself.
 */
export function returnRequest(
  codes: EpsonCodes,
  doc: {
    reference: string;
    kind: 'return' | 'void';
    original: EpsonQuote;
    lines: EpsonLine[];
    refund: EpsonPayment;
  },
): string {
  if (doc.kind === 'void')
    return envelope('printerFiscalReceipt', [message(quoteLine('void', doc.original))]);
  return envelope('printerFiscalReceipt', [
    message(quoteLine('return', doc.original)),
    command('beginFiscalReceipt'),
    ...items(codes, doc.lines, 'printRecRefund'),
    message(referenceLine(doc.reference)),
    ...totals(codes, [doc.refund]),
    command('endFiscalReceipt'),
  ]);
}

/** The daily closure (Z report). */
export const zReportRequest = (timeoutMs: number) =>
  envelope('printerFiscalReport', [command('printZReport', { timeout: timeoutMs })]);

/** Opens the journal to reading (directIO 4038 with "02" and the operator's password, 100 characters). */
export const loginRequest = (password: string) =>
  envelope('printerCommand', [
    command('directIO', { command: '4038', data: `02${password}`.padEnd(100, ' ') }),
  ]);

/** The electronic journal (every document, dataType 0) from one Rome day to another. */
export const journalRequest = (from: RomeTime, to: RomeTime) =>
  envelope('printerCommand', [
    command('queryContentByDate', {
      dataType: 0,
      fromDay: from.day,
      fromMonth: from.month,
      fromYear: from.year,
      toDay: to.day,
      toMonth: to.month,
      toYear: to.year,
    }),
  ]);
