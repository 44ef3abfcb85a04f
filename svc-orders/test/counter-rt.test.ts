import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DemoRtJournal } from '@edicola/contracts';
import { DEMO_SHOP_FISCAL } from '../src/invoices/shop-fiscal';
import { parseAnswer, parseRequest, receiptRequest, DEFAULT_EPSON_CODES } from '../src/counter/rt/epson-xml';
import { FakeRt } from '../src/counter/rt/fake-rt';
import { journalDocuments, quotes } from '../src/counter/rt/paper';
import {
  fiscalPrinter,
  RtRefused,
  RtUnavailable,
  type FiscalPrinter,
  type ReceiptLine,
} from '../src/counter/rt/fiscal-printer';

// The RT adapter against the fake Epson RT over real HTTP (docs/product/counter.md#fiscal-receipt): what it asks,
// what the RT prints, and that a document whose answer was lost is never printed twice.

const SALE_LINES: ReceiptLine[] = [
  {
    description: 'Bustina Pokémon Scarlatto & Violetto',
    quantity: 2,
    unitPriceCents: 550,
    ivaPercentage: 22,
  },
  { description: 'Album figurine Calciatori', quantity: 1, unitPriceCents: 300, ivaPercentage: 4 },
];
const SALE = {
  reference: 'a1b2c3d4-0000-4000-8000-000000000001',
  lines: SALE_LINES,
  // 14,00 due: 5,00 on the card, 10,00 in cash, 1,00 of change.
  payments: [
    { method: 'cash' as const, amountCents: 1000 },
    { method: 'card' as const, amountCents: 500 },
  ],
};
const TIMEOUT_MS = 1500;

describe('the RT adapter and the fake Epson RT', () => {
  let rt: FakeRt;
  let url: string;
  let printer: FiscalPrinter;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date('2026-11-29T09:15:30Z');
    rt = new FakeRt({ shop: DEMO_SHOP_FISCAL, serial: '99MEY012345', now: () => clock });
    url = await rt.listen();
    printer = fiscalPrinter({ mode: 'live', url, timeoutMs: TIMEOUT_MS, serial: rt.serial });
  });

  afterEach(async () => {
    await rt.close();
  });

  const sale = (n: number) => ({ ...SALE, reference: `a1b2c3d4-0000-4000-8000-00000000000${n}` });

  it('sends a sale of two VAT rates paid by card and cash as the RT reads it, and answers its numbers', async () => {
    const doc = await printer.printReceipt(SALE);

    const request = parseRequest(doc.request);
    expect(request.body).toBe('printerFiscalReceipt');
    expect(request.commands.map((c) => c.name)).toEqual([
      'beginFiscalReceipt',
      'printRecItem',
      'printRecItem',
      'printRecMessage',
      'printRecTotal',
      'printRecTotal',
      'endFiscalReceipt',
    ]);
    expect(request.commands[1]!.attributes).toMatchObject({
      description: 'Bustina Pokémon Scarlatto & Violetto',
      quantity: '2',
      unitPrice: '5,50',
      department: '1',
    });
    expect(request.commands[2]!.attributes).toMatchObject({ unitPrice: '3,00', department: '3' });
    expect(request.commands[3]!.attributes).toMatchObject({
      messageType: '4',
      message: 'RIF A1B2C3D4000040008000000000000001',
    });
    // The card first, so that the cash closes the document and the RT gives the change.
    expect(request.commands.slice(4, 6).map((c) => [c.attributes.paymentType, c.attributes.payment])).toEqual(
      [
        ['2', '5,00'],
        ['0', '10,00'],
      ],
    );

    expect(doc).toMatchObject({ serial: '99MEY012345', documentNumber: '0001-0001', zNumber: 1 });
    expect(doc.printedAt.toISOString()).toBe('2026-11-29T09:15:00.000Z');
    expect(parseAnswer(doc.response).addInfo).toMatchObject({
      fiscalReceiptNumber: '1',
      fiscalReceiptAmount: '14,00',
      fiscalReceiptDate: '29/11/2026',
      fiscalReceiptTime: '10:15',
      zRepNumber: '1',
    });

    const paper = DemoRtJournal.parse(rt.journal()).documents[0]!;
    expect(paper).toMatchObject({ document_number: '0001-0001', kind: 'receipt', z_number: 1, total: 14 });
    expect(paper.text).toEqual(
      expect.arrayContaining([
        DEMO_SHOP_FISCAL.name,
        `P.IVA ${DEMO_SHOP_FISCAL.vatNumber}`,
        'DOCUMENTO COMMERCIALE',
        'di vendita o prestazione',
        '29-11-2026 10:15',
        'DOCUMENTO N. 0001-0001',
      ]),
    );
    const text = paper.text.join('\n');
    expect(text).toMatch(/Bustina Pokémon Scarlatto & Violetto\s+22%\s+11,00/);
    expect(text).toMatch(/Album figurine Calciatori\s+4%\s+3,00/);
    expect(text).toMatch(/TOTALE COMPLESSIVO\s+14,00/);
    // 11,00 at 22 % holds 1,98 of VAT, 3,00 at 4 % holds 0,12.
    expect(text).toMatch(/di cui IVA\s+2,10/);
    expect(text).toMatch(/Pagamento elettronico\s+5,00/);
    expect(text).toMatch(/Pagamento contante\s+10,00/);
    expect(text).toMatch(/Resto\s+1,00/);
  });

  it('numbers documents progressively within a Z, and the Z report starts the numbers again', async () => {
    expect((await printer.printReceipt(sale(1))).documentNumber).toBe('0001-0001');
    expect((await printer.printReceipt(sale(2))).documentNumber).toBe('0001-0002');

    const closure = await printer.dailyClosure({ reference: 'closure-1' });
    expect(closure).toMatchObject({ serial: '99MEY012345', zNumber: 1 });
    expect(parseRequest(closure.request)).toMatchObject({ body: 'printerFiscalReport' });
    expect(parseAnswer(closure.response).addInfo).toMatchObject({ zRepNumber: '1', dailyAmount: '28,00' });

    clock = new Date('2026-11-30T08:00:00Z');
    expect((await printer.printReceipt(sale(3))).documentNumber).toBe('0002-0001');
    expect(rt.journal().documents.map((d) => d.document_number)).toEqual([
      '0002-0001',
      'Z-0001',
      '0001-0002',
      '0001-0001',
    ]);
  });

  it('prints a return quoting the original (Z, number, day, serial) and a void of another sale', async () => {
    const original = await printer.printReceipt(sale(1));
    const returned = await printer.printReturn({
      reference: 'b0000000-0000-4000-8000-000000000001',
      kind: 'return',
      original,
      lines: [{ ...SALE_LINES[0]!, quantity: 1 }],
      refund: { method: 'cash', amountCents: 550 },
    });
    expect(returned.documentNumber).toBe('0001-0002');
    const request = parseRequest(returned.request);
    expect(request.commands[0]!.attributes).toMatchObject({
      messageType: '4',
      message: 'REFUND 0001 0001 29112026 99MEY012345',
    });
    expect(request.commands.filter((c) => c.name === 'printRecRefund')).toHaveLength(1);

    const second = await printer.printReceipt(sale(2));
    const voided = await printer.printReturn({
      reference: 'b0000000-0000-4000-8000-000000000002',
      kind: 'void',
      original: second,
      lines: SALE_LINES,
      refund: { method: 'card', amountCents: 1400 },
    });
    expect(parseRequest(voided.request).commands).toEqual([
      expect.objectContaining({
        name: 'printRecMessage',
        attributes: expect.objectContaining({ message: 'VOID 0001 0003 29112026 99MEY012345' }),
      }),
    ]);

    const [voidPaper, , returnPaper] = rt.journal().documents;
    expect(returnPaper).toMatchObject({ kind: 'return', total: 5.5 });
    expect(returnPaper!.text).toEqual(
      expect.arrayContaining([
        'emesso per RESO MERCE',
        'Documento di riferimento N. 0001-0001 del 29-11-2026',
      ]),
    );
    expect(voidPaper).toMatchObject({ kind: 'void', document_number: '0001-0004', total: 14 });
    expect(voidPaper!.text).toEqual(
      expect.arrayContaining([
        'emesso per ANNULLAMENTO',
        'Documento di riferimento N. 0001-0003 del 29-11-2026',
      ]),
    );
  });

  it('a lost answer is RtUnavailable; the retry with the earlier attempt answers the same document, printed once', async () => {
    const attemptAt = clock;
    rt.dropNextAnswerAfterPrinting();
    await expect(printer.printReceipt(SALE)).rejects.toThrow(RtUnavailable);
    expect(rt.printed()).toHaveLength(1);

    const again = await printer.printReceipt(SALE, { previousAttemptAt: attemptAt });
    expect(again).toMatchObject({ serial: '99MEY012345', documentNumber: '0001-0001', zNumber: 1 });
    expect(again.printedAt.toISOString()).toBe('2026-11-29T09:15:00.000Z');
    expect(parseRequest(again.request).commands[0]!.name).toBe('queryContentByDate');
    expect(rt.printed()).toHaveLength(1);

    // Another sale's retry finds nothing of its own and prints.
    const other = await printer.printReceipt(sale(2), { previousAttemptAt: attemptAt });
    expect(other.documentNumber).toBe('0001-0002');
    expect(rt.printed()).toHaveLength(2);
  });

  it('an answer held past the time-out is RtUnavailable; once resumed, the retry does not print twice', async () => {
    const attemptAt = clock;
    rt.holdAnswers();
    const started = Date.now();
    await expect(printer.printReceipt(SALE)).rejects.toThrow(RtUnavailable);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    rt.resume();

    const again = await printer.printReceipt(SALE, { previousAttemptAt: attemptAt });
    expect(again.documentNumber).toBe('0001-0001');
    expect(rt.printed()).toHaveLength(1);
  });

  it('a busy RT that prints only after the time-out: the retry while it is busy fails, the next finds the print', async () => {
    const attemptAt = clock;
    rt.holdWork();
    await expect(printer.printReceipt(SALE)).rejects.toThrow(RtUnavailable);
    // Still busy: the journal cannot be read, so nothing is printed.
    await expect(printer.printReceipt(SALE, { previousAttemptAt: attemptAt })).rejects.toThrow(RtUnavailable);
    expect(rt.printed()).toHaveLength(0);
    rt.resume();

    const again = await printer.printReceipt(SALE, { previousAttemptAt: attemptAt });
    expect(again.documentNumber).toBe('0001-0001');
    expect(rt.printed()).toHaveLength(1);
  });

  it('a refusal (paper end) is RtRefused in Italian; the retry after the new roll prints once', async () => {
    const attemptAt = clock;
    rt.refuseNext('EPTR_REC_EMPTY');
    const refused = await printer.printReceipt(SALE).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RtRefused);
    expect((refused as RtRefused).message).toBe(
      'Carta finita nel registratore telematico: cambia il rotolo e riprova',
    );
    expect((refused as RtRefused).code).toBe('EPTR_REC_EMPTY');
    expect(rt.printed()).toHaveLength(0);

    const printed = await printer.printReceipt(SALE, { previousAttemptAt: attemptAt });
    expect(printed.documentNumber).toBe('0001-0001');
    expect(parseRequest(printed.request).body).toBe('printerFiscalReceipt');
    expect(rt.printed()).toHaveLength(1);
  });

  it('a return and a void whose answers were lost are found again, not printed twice', async () => {
    const original = await printer.printReceipt(sale(1));
    const attemptAt = clock;
    const reso = {
      reference: 'b0000000-0000-4000-8000-000000000001',
      kind: 'return' as const,
      original,
      lines: [{ ...SALE_LINES[1]! }],
      refund: { method: 'card' as const, amountCents: 300 },
    };
    rt.dropNextAnswerAfterPrinting();
    await expect(printer.printReturn(reso)).rejects.toThrow(RtUnavailable);
    expect((await printer.printReturn(reso, { previousAttemptAt: attemptAt })).documentNumber).toBe(
      '0001-0002',
    );

    const second = await printer.printReceipt(sale(2));
    const annullo = {
      ...reso,
      reference: 'b0000000-0000-4000-8000-000000000002',
      kind: 'void' as const,
      original: second,
    };
    rt.dropNextAnswerAfterPrinting();
    await expect(printer.printReturn(annullo)).rejects.toThrow(RtUnavailable);
    expect((await printer.printReturn(annullo, { previousAttemptAt: attemptAt })).documentNumber).toBe(
      '0001-0004',
    );
    expect(rt.printed().map((d) => d.kind)).toEqual(['receipt', 'return', 'receipt', 'void']);
  });

  it('a Z report whose answer was lost is found again, not printed twice', async () => {
    await printer.printReceipt(sale(1));
    const attemptAt = clock;
    rt.dropNextAnswerAfterPrinting();
    await expect(printer.dailyClosure({ reference: 'closure-1' })).rejects.toThrow(RtUnavailable);
    const closure = await printer.dailyClosure({ reference: 'closure-1' }, { previousAttemptAt: attemptAt });
    expect(closure).toMatchObject({ zNumber: 1, serial: '99MEY012345' });
    expect(rt.printed().filter((d) => d.kind === 'closure')).toHaveLength(1);
  });

  it('a journal the RT refuses to read is RtRefused and nothing is printed', async () => {
    const attemptAt = clock;
    rt.dropNextAnswerAfterPrinting();
    await expect(printer.printReceipt(SALE)).rejects.toThrow(RtUnavailable);
    rt.refuseNextJournalRead('FP_NO_LOGIN');
    await expect(printer.printReceipt(SALE, { previousAttemptAt: attemptAt })).rejects.toThrow(
      /Non riesco a leggere il giornale del registratore/,
    );
    expect(rt.printed()).toHaveLength(1);
  });

  it('connection refused and an unknown host are RtUnavailable, quickly', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    for (const where of [`http://127.0.0.1:${port}`, 'http://rt.invalid']) {
      const unreachable = fiscalPrinter({ mode: 'live', url: where, timeoutMs: 5000, serial: 'X' });
      const started = Date.now();
      await expect(unreachable.printReceipt(SALE)).rejects.toThrow(RtUnavailable);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('demo mode prints on the fake in the process; off mode has no printer', async () => {
    const demo = new FakeRt({ shop: DEMO_SHOP_FISCAL, now: () => clock });
    const printerInProcess = fiscalPrinter({ mode: 'demo', rt: demo });
    expect(printerInProcess.mode).toBe('demo');
    const doc = await printerInProcess.printReceipt(SALE);
    expect(doc).toMatchObject({ serial: demo.serial, documentNumber: '0001-0001' });
    expect(demo.journal().documents).toHaveLength(1);
    expect(() => fiscalPrinter({ mode: 'off' })).toThrow(/RT_MODE=off/);
  });

  it('the fake refuses what a real RT refuses: payments short of the total, an unknown department', async () => {
    const short = await rt.handle(
      receiptRequest(DEFAULT_EPSON_CODES, { ...SALE, payments: [{ method: 'cash', amountCents: 1300 }] }),
    );
    expect(parseAnswer(short)).toMatchObject({ success: false, code: 'PRINTER ERROR' });
    expect(() =>
      receiptRequest(DEFAULT_EPSON_CODES, { ...SALE, lines: [{ ...SALE_LINES[0]!, ivaPercentage: 5 }] }),
    ).toThrow(/IVA al 5%/);
    expect(rt.printed()).toHaveLength(0);
  });

  it('reads a journal whose lines are padded and whose quote of the original is wrapped', () => {
    const [receipt, voided, closure] = journalDocuments([
      '      DOCUMENTO COMMERCIALE      ',
      'di vendita o prestazione',
      'RIF A1B2C3D4000040008000000000000001',
      'TOTALE COMPLESSIVO          14,00',
      '  29/11/2026 10:15',
      '  DOCUMENTO N.0012-0034',
      'DOCUMENTO COMMERCIALE',
      'emesso per ANNULLAMENTO',
      'Documento di riferimento',
      'N. 0012-0034 del 29-11-2026',
      '29-11-2026 10:20',
      'DOCUMENTO N. 0012-0035',
      'CHIUSURA GIORNALIERA',
      'AZZERAMENTO N. 0012',
      '29-11-2026 20:00',
    ]);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      zNumber: 12,
      documentNumber: 34,
      printedAt: { year: 2026, month: 11, day: 29, hour: 10, minute: 15 },
    });
    expect(receipt!.lines).toContain('RIF A1B2C3D4000040008000000000000001');
    expect(voided).toMatchObject({ kind: 'void', zNumber: 12, documentNumber: 35 });
    expect(quotes(voided!, 12, 34)).toBe(true);
    // A document does not quote itself.
    expect(quotes(voided!, 12, 35)).toBe(false);
    expect(closure).toMatchObject({ kind: 'closure', zNumber: 12, documentNumber: null });
  });
});
