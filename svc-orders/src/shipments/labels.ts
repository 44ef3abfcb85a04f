import { inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { LABEL_DOWNLOAD_FAILED_DETAIL, orderReference } from '@edicola/contracts';
import { conflict, HttpError, notFound } from '@edicola/platform';
import { orderRecords, shipments } from '../db/schema';
import { packingSlipPdf } from './packing-slip';
import { PacklinkError, type PacklinkClient } from './packlink-client';
import { requirePacklink, shipmentByReference, SHIPMENT_NOT_FOUND, type ShipmentDeps } from './shipments';

/** One PDF of every page of `pdfs`, in order (pdf-lib). */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 1) return pdfs[0]!;
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}

/** The label PDFs of a Packlink shipment; null while Packlink has none (a draft, or not ready yet). */
async function labelsOf(client: PacklinkClient, reference: string): Promise<Buffer[] | null> {
  try {
    const urls = await client.labels(reference);
    if (urls.length === 0) return null;
    return await Promise.all(urls.map((url) => client.download(url)));
  } catch (error) {
    if (error instanceof PacklinkError && error.status === 404) return null;
    throw new HttpError(502, `${LABEL_DOWNLOAD_FAILED_DETAIL}: Packlink non raggiungibile`);
  }
}

/** GET /api/shipments/{id}/label: the shipment's label(s) as one PDF; 409 LABEL_DOWNLOAD_FAILED_DETAIL until ready. */
export async function shipmentLabel(deps: ShipmentDeps, reference: string): Promise<Buffer> {
  const client = requirePacklink(deps);
  const row = await shipmentByReference(deps.database.db, reference);
  if (!row) throw notFound(SHIPMENT_NOT_FOUND);
  const pdfs = await labelsOf(client, reference);
  if (!pdfs) throw conflict(LABEL_DOWNLOAD_FAILED_DETAIL);
  return mergePdfs(pdfs);
}

/**
 * POST /api/shipments/labels: the labels of the chosen orders in one PDF, in the order given. All or nothing: an
 * order without a shipment or whose label is not ready yet is named (by its reference) in a 409, so staff never
 * print a batch believing it complete.
 */
export async function mergedLabels(deps: ShipmentDeps, orderIds: string[]): Promise<Buffer> {
  const client = requirePacklink(deps);
  const ids = [...new Set(orderIds)];
  const rows = await deps.database.db.select().from(shipments).where(inArray(shipments.orderId, ids));
  const byOrder = new Map(rows.map((row) => [row.orderId, row]));
  const missing: string[] = [];
  const found: Buffer[][] = [];
  for (const id of ids) {
    const reference = byOrder.get(id)?.packlinkReference;
    const pdfs = reference ? await labelsOf(client, reference) : null;
    if (pdfs) found.push(pdfs);
    else missing.push(orderReference(id));
  }
  if (missing.length) {
    throw conflict(
      `${LABEL_DOWNLOAD_FAILED_DETAIL}: etichetta non ancora disponibile per ${missing.join(', ')}`,
    );
  }
  return mergePdfs(found.flat());
}

/**
 * POST /api/orders/bulk/print (docs/product/back-office.md#bulk-actions): for each chosen order in the order
 * given, its label(s) then its packing slip (a page with the lines to pack), in one PDF. An order whose label is
 * not there (no shipment, Packlink has none yet, shipments off) still gets its slip, and is named in `missing` so
 * staff see which parcels still need a label. Orders unknown or from the counter are left out and named too.
 */
export async function labelsAndSlips(
  deps: ShipmentDeps,
  orderIds: string[],
): Promise<{ pdf: Buffer; missing: string[] }> {
  const db = deps.database.db;
  const client = deps.mode === 'off' ? null : deps.packlink;
  const orders = await db.select().from(orderRecords).where(inArray(orderRecords.id, orderIds));
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, orderIds));
  const orderById = new Map(orders.map((row) => [row.id, row]));
  const shipmentOf = new Map(rows.map((row) => [row.orderId, row]));
  const missing: string[] = [];
  const pdfs: Buffer[] = [];
  for (const id of orderIds) {
    const order = orderById.get(id);
    if (!order || order.channel === 'counter') {
      missing.push(orderReference(id));
      continue;
    }
    const reference = shipmentOf.get(id)?.packlinkReference;
    const labels = client && reference ? await labelsOf(client, reference) : null;
    if (labels) pdfs.push(...labels);
    else missing.push(orderReference(id));
    pdfs.push(await packingSlipPdf(order));
  }
  if (pdfs.length === 0) throw notFound('Nessuno degli ordini scelti esiste');
  return { pdf: await mergePdfs(pdfs), missing };
}
