import { z } from 'zod';

// Invoices and credit notes to the SdI through an intermediary (docs/product/orders-and-payments.md#sdi,
// docs/decisions/0063-sdi.md).

/**
 * A document's state with the SdI: `to_send` waits for staff (or for the automatic sending), `queued` for the
 * sender, `sending` is an attempt in flight, `sent` the intermediary took it and the SdI has not answered yet;
 * then the SdI's receipt: `delivered` (RC), `not_delivered` (MC: the invoice is valid and in the buyer's
 * reserved area), `rejected` (NS: not issued, to correct and send again), and for the public administration
 * `accepted` / `refused` (NE, EC01 / EC02).
 */
export const SdiState = z.enum([
  'to_send',
  'queued',
  'sending',
  'sent',
  'delivered',
  'not_delivered',
  'rejected',
  'accepted',
  'refused',
]);
export type SdiState = z.infer<typeof SdiState>;

/** The SdI's receipts: RC consegna, NS scarto, MC mancata consegna, NE esito committente. */
export const SdiReceiptType = z.enum(['RC', 'NS', 'MC', 'NE']);
export type SdiReceiptType = z.infer<typeof SdiReceiptType>;

/** One step of a document's way to the SdI. */
export const SdiHistoryEntry = z.object({
  at: z.string(),
  state: SdiState,
  /** The receipt's type, when the step is an SdI receipt. */
  receipt: SdiReceiptType.nullable(),
  /** The SdI's error code (NS, e.g. 00306) or outcome (NE, EC01/EC02). */
  code: z.string().nullable(),
  /** What happened, in Italian (the SdI's own text for a rejection). */
  text: z.string(),
});
export type SdiHistoryEntry = z.infer<typeof SdiHistoryEntry>;

export const SdiDocument = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  date: z.string(),
  state: SdiState,
  /** The file of the latest sending (IT<codice fiscale>_<progressivo>.xml). */
  file_name: z.string().nullable(),
  /** The SdI's id of the latest file (IdentificativoSdI), once a receipt named it. */
  sdi_id: z.string().nullable(),
  /** The reason of the latest rejection (NS), while rejected. */
  reason: z.string().nullable(),
  /** The intermediary's last failure, while it is being tried again. */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  history: z.array(SdiHistoryEntry),
});
export type SdiDocument = z.infer<typeof SdiDocument>;

export const SdiDocumentList = z.array(SdiDocument);
export type SdiDocumentList = z.infer<typeof SdiDocumentList>;

/** POST /api/admin/sdi/send: the documents to send (those to send and the rejected ones), or every one to send. */
export const SdiSendRequest = z.object({
  document_ids: z
    .array(z.uuid('Documento non valido'), 'Elenco dei documenti non valido')
    .max(500, 'Al massimo 500 documenti per volta')
    .optional(),
});
export type SdiSendRequest = z.infer<typeof SdiSendRequest>;

export const SdiSendResult = z.object({
  /** The documents queued for sending by this request. */
  queued: z.array(SdiDocument),
  /** How many of the asked were already on their way or answered (left as they are). */
  unchanged: z.number().int(),
});
export type SdiSendResult = z.infer<typeof SdiSendResult>;

/** GET /api/admin/sdi/rejections: the documents the SdI rejected and not yet sent again (the home screen's card). */
export const SdiRejection = z.object({
  order_id: z.string(),
  document_id: z.string(),
  document_number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  reason: z.string(),
  rejected_at: z.string(),
});
export type SdiRejection = z.infer<typeof SdiRejection>;
export const SdiRejectionList = z.array(SdiRejection);

/** POST /api/admin/sdi/demo/next-receipt (demo mode only): the fake SdI's answer to the next file it receives. */
export const SdiDemoScript = z.object({
  receipt: SdiReceiptType,
  /** NS: the SdI's error code and text; NE: EC01 (accepted) or EC02 (refused). */
  code: z.string().trim().min(1).max(10).optional(),
  text: z.string().trim().min(1).max(500).optional(),
});
export type SdiDemoScript = z.infer<typeof SdiDemoScript>;

export const SdiStatus = z.object({ mode: z.enum(['demo', 'live', 'off']), auto_send: z.boolean() });
export type SdiStatus = z.infer<typeof SdiStatus>;
