import { inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { LABEL_DOWNLOAD_FAILED_DETAIL, orderReference } from '@edicola/contracts';
import { conflict, HttpError, notFound } from '@edicola/platform';
import { shipments } from '../db/schema';
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
