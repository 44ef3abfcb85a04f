import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  articlePath,
  STOCK_ALERT_CONFIRM_HOURS,
  STOCK_ALERT_CONFIRM_PATH,
  STOCK_ALERT_UNSUBSCRIBE_PATH,
  stockAlertBatch,
  type EventData,
  type StockAlertWaiting,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { articleStock, stockAlerts, type StockAlertRow } from '../db/schema';
import { hashToken } from '../newsletter/subscriptions';
import { backInStockMail, stockAlertConfirmMail } from '../templates/customer-mails';

const newToken = () => randomBytes(24).toString('base64url');
const CONFIRM_MS = STOCK_ALERT_CONFIRM_HOURS * 60 * 60 * 1000;

/** A storefront page with the token in its query. */
function pageLink(webUrl: string, path: string, token: string): string {
  const url = new URL(path, webUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A visitor asked to be told (article.alert_requested): a new alert, or one that was told, withdrawn or left
 * unconfirmed past its time, is (re)armed with fresh tokens and its confirmation goes out; an alert already waiting
 * or asked to confirm within the confirmation window stays as is and gets no second e-mail.
 */
export async function requestStockAlert(
  tx: Db,
  ctx: NotifyContext,
  request: EventData<'article.alert_requested'>,
): Promise<void> {
  const email = request.email.trim().toLowerCase();
  const token = newToken();
  const confirmToken = newToken();
  const fresh = {
    articleSlug: request.slug,
    articleTitle: request.title,
    language: request.language,
    tokenHash: hashToken(token),
    confirmTokenHash: hashToken(confirmToken),
    requestedAt: new Date(request.requested_at),
    confirmedAt: null,
    notifiedAt: null,
    unsubscribedAt: null,
    consentSource: request.consent_source,
    consentVersion: request.consent_version,
  };
  // An article svc-notify never heard of was sold out when asked: a later rise is a return.
  await tx
    .insert(articleStock)
    .values({ articleId: request.article_id, revision: 0, quantityStock: 0 })
    .onConflictDoNothing();
  let [alert] = await tx
    .insert(stockAlerts)
    .values({ articleId: request.article_id, email, ...fresh })
    .onConflictDoNothing()
    .returning();
  if (!alert) {
    const [existing] = await tx
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.articleId, request.article_id), eq(stockAlerts.email, email)))
      .for('update');
    const waiting = existing!.confirmedAt && !existing!.notifiedAt && !existing!.unsubscribedAt;
    const askedRecently =
      !existing!.confirmedAt &&
      existing!.confirmTokenHash &&
      existing!.requestedAt.getTime() > Date.now() - CONFIRM_MS;
    if (waiting || askedRecently) return;
    [alert] = await tx.update(stockAlerts).set(fresh).where(eq(stockAlerts.id, existing!.id)).returning();
  }
  const mail = await stockAlertConfirmMail(
    {
      email,
      language: alert!.language,
      articleTitle: alert!.articleTitle,
      confirmUrl: pageLink(ctx.shop.webUrl, STOCK_ALERT_CONFIRM_PATH, confirmToken),
      unsubscribeUrl: pageLink(ctx.shop.webUrl, STOCK_ALERT_UNSUBSCRIBE_PATH, token),
      hours: STOCK_ALERT_CONFIRM_HOURS,
    },
    ctx.shop,
  );
  await ctx.mailer.send(tx, {
    kind: 'stock_alert_confirm',
    about: alert!.confirmTokenHash!,
    language: alert!.language,
    outsider: true,
    mail,
  });
}

/** Confirms an alert by the token of its e-mail, within its window; false for an unknown, used or expired token. */
export async function confirmStockAlert(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(stockAlerts)
    .set({ confirmTokenHash: null, confirmedAt: new Date() })
    .where(
      and(
        eq(stockAlerts.confirmTokenHash, hashToken(token)),
        isNull(stockAlerts.unsubscribedAt),
        gt(stockAlerts.requestedAt, new Date(Date.now() - CONFIRM_MS)),
      ),
    )
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** Ends an alert by its token (one click from any of its e-mails); false for an unknown or already used token. */
export async function unsubscribeStockAlert(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(stockAlerts)
    .set({ unsubscribedAt: new Date(), tokenHash: null, confirmTokenHash: null })
    .where(and(eq(stockAlerts.tokenHash, hashToken(token)), isNull(stockAlerts.unsubscribedAt)))
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** Unconfirmed alerts past their window go, never written to again; the number deleted. */
export async function sweepUnconfirmedStockAlerts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.confirmedAt),
        isNotNull(stockAlerts.confirmTokenHash),
        lt(stockAlerts.requestedAt, new Date(now.getTime() - CONFIRM_MS)),
      ),
    )
    .returning({ id: stockAlerts.id });
  return gone.length;
}

/**
 * An article changed (article.changed): when its stock rose from what was known before and it is on the shop, the
 * first confirmed alerts not yet told, in order of sign-up, are told, as many as stockAlertBatch(units) allows; the
 * rest wait for the next rise. Older revisions than the one known are dropped. The number told.
 */
export async function onStockMoved(
  tx: Db,
  ctx: NotifyContext,
  changed: EventData<'article.changed'>,
): Promise<number> {
  const [known] = await tx
    .select()
    .from(articleStock)
    .where(eq(articleStock.articleId, changed.article_id))
    .for('update');
  if (known && known.revision >= changed.revision) return 0;
  await tx
    .insert(articleStock)
    .values({
      articleId: changed.article_id,
      revision: changed.revision,
      quantityStock: changed.quantity_stock,
    })
    .onConflictDoUpdate({
      target: articleStock.articleId,
      set: { revision: changed.revision, quantityStock: changed.quantity_stock, updatedAt: new Date() },
    });
  const before = known?.quantityStock ?? 0;
  const units = changed.quantity_stock;
  if (!changed.active || changed.deleted || units <= before) return 0;
  const told = await tx
    .select()
    .from(stockAlerts)
    .where(waitingFor(changed.article_id))
    .orderBy(asc(stockAlerts.requestedAt), asc(stockAlerts.id))
    .limit(stockAlertBatch(units))
    .for('update', { skipLocked: true });
  for (const alert of told) await tellBackInStock(tx, ctx, alert, changed);
  return told.length;
}

const waitingFor = (articleId: string) =>
  and(
    eq(stockAlerts.articleId, articleId),
    isNotNull(stockAlerts.confirmedAt),
    isNull(stockAlerts.notifiedAt),
    isNull(stockAlerts.unsubscribedAt),
  );

async function tellBackInStock(
  tx: Db,
  ctx: NotifyContext,
  alert: StockAlertRow,
  changed: EventData<'article.changed'>,
): Promise<void> {
  // The unsubscribe link needs a token the e-mail can carry: the one of the confirmation is not kept.
  const token = newToken();
  await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date(), tokenHash: hashToken(token) })
    .where(eq(stockAlerts.id, alert.id));
  const mail = await backInStockMail(
    {
      email: alert.email,
      language: alert.language,
      articleTitle: changed.title,
      articleUrl: new URL(articlePath(alert.articleSlug), ctx.shop.webUrl).toString(),
      unsubscribeUrl: pageLink(ctx.shop.webUrl, STOCK_ALERT_UNSUBSCRIBE_PATH, token),
    },
    ctx.shop,
  );
  await ctx.mailer.send(tx, {
    kind: 'back_in_stock',
    about: `${alert.id}:${changed.revision}`,
    language: alert.language,
    mail,
  });
}

/** Per article, the confirmed alerts not yet told (the back office's demand figure), most wanted first. */
export async function waitingCounts(db: Db): Promise<StockAlertWaiting> {
  const n = count();
  const rows = await db
    .select({
      articleId: stockAlerts.articleId,
      title: sql<string>`max(${stockAlerts.articleTitle})`,
      waiting: n,
    })
    .from(stockAlerts)
    .where(
      and(
        isNotNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.unsubscribedAt),
      ),
    )
    .groupBy(stockAlerts.articleId)
    .orderBy(sql`count(*) desc`, asc(stockAlerts.articleId));
  const articles = rows.map((r) => ({ article_id: r.articleId, title: r.title, waiting: Number(r.waiting) }));
  return { articles, total: articles.reduce((sum, a) => sum + a.waiting, 0) };
}
