import type { Router } from 'express';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { endpoint, type EmailLogEntry, type ProcessScheduledEmailsResponse } from '@edicola/contracts';
import { type Database, type Logger, type TokenVerifier, routeServer } from '@edicola/platform';
import { emails, type EmailRow } from '../db/schema';
import type { NotifyContext } from '../context';
import { processScheduledEmails } from '../scheduled/scheduled-emails';

const toEntry = (row: EmailRow): EmailLogEntry => ({
  id: row.id,
  kind: row.kind,
  order_id: row.orderId,
  recipient: row.recipient,
  subject: row.subject,
  language: row.language,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
});

/** The back office's view of the correspondence (staff): what was sent or failed, and the scheduled run. */
export function adminEmailRoutes(
  router: Router,
  database: Database,
  verifier: TokenVerifier,
  ctx: NotifyContext,
  logger: Logger,
) {
  const serve = routeServer(router, verifier);

  serve(endpoint('GET /api/admin/emails'), async ({ query }): Promise<EmailLogEntry[]> => {
    const where: SQL[] = [];
    if (query.order_id) where.push(eq(emails.orderId, query.order_id));
    if (query.status) where.push(eq(emails.status, query.status));
    const rows = await database.db
      .select()
      .from(emails)
      .where(and(...where))
      .orderBy(desc(emails.createdAt))
      .limit(query.limit);
    return rows.map(toEntry);
  });

  serve(endpoint('POST /admin/process-scheduled-emails'), (): Promise<ProcessScheduledEmailsResponse> =>
    processScheduledEmails(database, ctx, logger),
  );
}
