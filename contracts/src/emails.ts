import { z } from 'zod';

/** Where one e-mail stands: waiting or retrying, sent, failed for good, or not sent (per-recipient cap). */
export const EmailStatus = z.enum(['queued', 'sent', 'failed', 'capped']);
export type EmailStatus = z.infer<typeof EmailStatus>;

/** GET /api/admin/emails (staff): the e-mails of an order, or all, newest first. */
export const EmailLogQuery = z.object({
  order_id: z.string().trim().max(64).optional(),
  status: EmailStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type EmailLogQuery = z.input<typeof EmailLogQuery>;

export const EmailLogEntry = z.object({
  id: z.string(),
  kind: z.string(),
  order_id: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  language: z.string(),
  status: EmailStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailLogEntry = z.infer<typeof EmailLogEntry>;
export const EmailLog = z.array(EmailLogEntry);

/**
 * POST /admin/process-scheduled-emails (docs/product/emails.md#scheduled-emails): the scheduled e-mails due
 * now, and how many went out.
 */
export const ProcessScheduledEmailsResponse = z.object({
  emails_sent: z.number().int().nonnegative(),
  total_scheduled: z.number().int().nonnegative(),
});
export type ProcessScheduledEmailsResponse = z.infer<typeof ProcessScheduledEmailsResponse>;
