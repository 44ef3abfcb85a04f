import PDFDocument from 'pdfkit';
import { orderReference } from '@edicola/contracts';
import type { orderRecords } from '../db/schema';

type OrderRow = typeof orderRecords.$inferSelect;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * GET /api/orders/{id}/packing-slip.pdf: what goes in the parcel (lines and quantities, no prices) and where it
 * goes, for the person packing it. pdfkit's built-in Helvetica carries accents and €.
 */
export function packingSlipPdf(order: OrderRow, shopName = 'Edicola'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Distinta ${orderReference(order.id)}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const info = order.customerInfo;
    doc.font('Helvetica-Bold').fontSize(18).text(`${shopName} – Distinta di imballaggio`);
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(11);
    doc.text(`Ordine ${orderReference(order.id)}`);
    doc.text(`Data ordine ${order.orderDate.toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' })}`);
    if (order.packlinkShipmentId) {
      doc.text(
        `Spedizione ${order.packlinkShipmentId}${order.packlinkData?.carrier_name ? ` (${order.packlinkData.carrier_name})` : ''}`,
      );
    }
    if (order.packlinkData?.tracking_number ?? order.trackingNumber) {
      doc.text(`Tracking ${order.packlinkData?.tracking_number ?? order.trackingNumber}`);
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Destinatario');
    doc.font('Helvetica');
    doc.text(text(info.name));
    doc.text(text(info.address));
    doc.text(`${text(info.zipCode)} ${text(info.city)}`.trim());
    doc.text(text(info.country) || order.shippingCountry);
    if (text(info.phone)) doc.text(`Tel. ${text(info.phone)}`);
    if (text(info.notes)) doc.text(`Note: ${text(info.notes)}`);
    doc.moveDown();

    doc.font('Helvetica-Bold');
    const top = doc.y;
    doc.text('Quantità', 50, top, { width: 70 });
    doc.text('Codice', 120, top, { width: 110 });
    doc.text('Articolo', 230, top, { width: 315 });
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(545, doc.y + 2)
      .stroke();
    doc.moveDown(0.5);
    doc.font('Helvetica');
    let units = 0;
    for (const line of order.items) {
      units += line.quantity;
      const y = doc.y;
      doc.text(String(line.quantity), 50, y, { width: 70 });
      doc.text(line.sku ?? '', 120, y, { width: 110 });
      doc.text(line.title ?? line.article_id, 230, y, { width: 315 });
      doc.moveDown(0.3);
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Totale pezzi: ${units}`, 50);
    doc.end();
  });
}
