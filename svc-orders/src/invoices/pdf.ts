import PDFDocument from 'pdfkit';
import { euro, type FiscalDocument } from './document';

/*
 * The readable copy of an invoice or credit note (pdfkit, its built-in Helvetica, which carries € and accents).
 * The legal document is the FatturaPA file sent to the SdI; this copy says so, as Italian courtesy copies do.
 */

const PAYMENT_METHODS: Record<string, string> = {
  transfer: 'Bonifico bancario',
  card: 'Carta di pagamento',
  stripe: 'Carta di pagamento',
  paypal: 'PayPal',
  klarna: 'Klarna',
  'klarna-now': 'Klarna',
  ebay: 'Pagato su eBay',
};

/** 2026-03-05 → 05/03/2026. */
const italianDate = (iso: string) => iso.split('-').reverse().join('/');

export function documentTitle(doc: FiscalDocument): string {
  const kind = { TD01: 'Fattura', TD02: 'Fattura di acconto', TD04: 'Nota di credito' }[doc.type];
  return `${kind} n. ${doc.number} del ${italianDate(doc.date)}`;
}

/** The PDF of an invoice (TD01) or a credit note (TD04). */
export function fiscalDocumentPdf(doc: FiscalDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: documentTitle(doc), Author: doc.shop.name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 50;
  const width = pdf.page.width - 100;

  if (doc.shop.demo) {
    pdf
      .fillColor('#b00020')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('DOCUMENTO DIMOSTRATIVO - dati fiscali fittizi, privo di valore fiscale', { align: 'center' })
      .moveDown(0.5)
      .fillColor('black');
  }

  // The seller and the buyer.
  const top = pdf.y;
  pdf
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(doc.shop.name, left, top, { width: width / 2 - 10 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`${doc.shop.address}`, { width: width / 2 - 10 })
    .text(`${doc.shop.cap} ${doc.shop.city} (${doc.shop.province})`)
    .text(`P.IVA ${doc.shop.vatNumber} - C.F. ${doc.shop.taxCode}`)
    .text(`Regime fiscale ${doc.shop.regime}`);
  const sellerBottom = pdf.y;
  const b = doc.buyer;
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Cliente', left + width / 2, top, { width: width / 2 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(b.type === 'azienda' ? `Ragione sociale: ${b.name}` : b.name, { width: width / 2 });
  if (b.piva) pdf.text(`P.IVA ${b.piva}`);
  if (b.codiceFiscale) pdf.text(`Codice fiscale ${b.codiceFiscale}`);
  pdf.text(b.address).text(`${b.cap} ${b.city}${b.province ? ` (${b.province})` : ''} ${b.country}`);
  if (b.type === 'azienda') {
    if (b.sdi) pdf.text(`Codice destinatario SDI ${b.sdi}`);
    else if (b.pec) pdf.text(`PEC ${b.pec}`);
    else pdf.text('Codice destinatario 0000000');
  }
  pdf.y = Math.max(pdf.y, sellerBottom) + 20;

  pdf.font('Helvetica-Bold').fontSize(14).text(documentTitle(doc), left, pdf.y, { width });
  pdf.font('Helvetica').fontSize(9).text(`Ordine ${doc.orderReference} - Tipo documento ${doc.type}`);
  if (doc.related) {
    pdf.text(`Relativa alla fattura n. ${doc.related.number} del ${italianDate(doc.related.date)}`);
    if (doc.reason) pdf.text(`Motivo: ${doc.reason}`);
  }
  pdf.moveDown();

  // The lines.
  const cols = [
    { title: 'Descrizione', x: left, w: 235, align: 'left' as const },
    { title: 'Q.tà', x: left + 240, w: 35, align: 'right' as const },
    { title: 'Prezzo unit. netto €', x: left + 280, w: 80, align: 'right' as const },
    { title: 'IVA', x: left + 365, w: 50, align: 'right' as const },
    { title: 'Imponibile €', x: left + 420, w: width - 420, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      pdf.text(cell, col.x, y, { width: col.w, align: col.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 3;
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const line of doc.lines) {
    row([
      line.description,
      String(line.quantity),
      euro(Math.round(Number(line.unitNet) * 100)),
      line.natura ? `0% ${line.natura}` : `${line.rate}%`,
      euro(line.netCents),
    ]);
  }
  pdf.moveDown();

  // The summary per rate, with the exempt lines' legal reference.
  pdf.font('Helvetica-Bold').fontSize(10).text('Riepilogo IVA', left, pdf.y);
  for (const s of doc.summary) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${s.natura ? `Aliquota 0% - Natura ${s.natura}` : `Aliquota ${s.rate}%`}: imponibile € ${euro(s.taxableCents)}, IVA € ${euro(s.taxCents)}`,
        left,
        pdf.y,
        { width },
      );
    if (s.reference) pdf.text(s.reference, { width });
  }
  const taxable = doc.summary.reduce((sum, s) => sum + s.taxableCents, 0);
  const tax = doc.summary.reduce((sum, s) => sum + s.taxCents, 0);
  pdf.moveDown();
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Totale imponibile € ${euro(taxable)}`, left, pdf.y, { width, align: 'right' });
  pdf.text(`Totale IVA € ${euro(tax)}`, { width, align: 'right' });
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Totale documento € ${euro(doc.totalCents)}`, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  if (doc.stampDuty) {
    pdf
      .moveDown()
      .text('Imposta di bollo di € 2,00 assolta in modo virtuale (art. 15 DPR 642/72)', left, pdf.y, {
        width,
      });
  }
  if (doc.type === 'TD01' || doc.type === 'TD02') {
    pdf
      .moveDown()
      .text(`Pagamento: ${PAYMENT_METHODS[doc.paymentMethod] ?? doc.paymentMethod}`, left, pdf.y, { width });
  }
  pdf
    .moveDown()
    .fillColor('#555555')
    .text(
      "Copia di cortesia: l'originale è il documento elettronico trasmesso al Sistema di Interscambio (SdI), disponibile nell'area riservata del sito dell'Agenzia delle Entrate.",
      left,
      pdf.y,
      { width },
    );
  pdf.end();
  return done;
}
