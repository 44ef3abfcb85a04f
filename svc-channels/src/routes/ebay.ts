import { createHash, randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { EBAY_MARKETPLACE, endpoint, type EbayAccount } from '@edicola/contracts';
import { authOf, conflict, InternalCallError, routeServer, type TokenVerifier } from '@edicola/platform';
import { EbayError, type EbayOAuth } from '../ebay/api';
import { accountRow, failureText } from '../ebay-account/account';
import { listings, oauthStates } from '../db/schema';
import type { ChannelsContext } from '../context';
import { enqueuePendingListings } from '../listings/listings';
import { recentReconciliations, reconcile } from '../listings/reconciliation';

const STATE_TTL_MS = 10 * 60_000;
const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

export async function accountView(ctx: ChannelsContext): Promise<EbayAccount> {
  const db = ctx.database.db;
  const row = await accountRow(db);
  const [counts] = await db
    .select({
      listed: count(sql`case when ${listings.state} = 'listed' then 1 end`),
      pending: count(
        sql`case when ${listings.state} = 'pending' or (${listings.state} = 'listed' and ${listings.quantityDirty}) then 1 end`,
      ),
    })
    .from(listings);
  const connected = Boolean(row.refreshTokenEnc);
  const expired =
    row.tokenExpired ||
    (row.refreshTokenExpiresAt !== null && row.refreshTokenExpiresAt.getTime() <= Date.now());
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    mode: ctx.setup.mode,
    connected,
    username: row.username,
    marketplace: EBAY_MARKETPLACE,
    token_state: !connected ? 'none' : expired ? 'expired' : 'valid',
    refresh_token_expires_at: iso(row.refreshTokenExpiresAt),
    connected_at: iso(row.connectedAt),
    last_reached_at: iso(row.lastReachedAt),
    last_error: row.lastError,
    last_sync_at: iso(row.lastSyncAt),
    last_orders_read_at: iso(row.lastOrdersReadAt),
    pending_updates: Number(counts?.pending ?? 0),
    listed: Number(counts?.listed ?? 0),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain Italian page eBay's redirect lands on when the consent cannot be completed. */
function failurePage(message: string, backOffice: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Collegamento eBay non riuscito</title></head><body><h1>Collegamento eBay non riuscito</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(backOffice)}">Torna alla gestione eBay</a> e riprova.</p></body></html>`;
}

export interface EbayRouteDeps {
  ctx: ChannelsContext;
  oauth: EbayOAuth | null;
  verifier: TokenVerifier;
  publicWebUrl: string;
  /** The quantity sync and the order poll, run now. */
  syncNow(): Promise<void>;
}

/** The back office's eBay: the account and its consent, the sync run now, the reconciliation's history. */
export function ebayRoutes(router: Router, deps: EbayRouteDeps): void {
  const { ctx, oauth } = deps;
  const db = ctx.database.db;
  const serve = routeServer(router, deps.verifier);
  const backOffice = `${deps.publicWebUrl.replace(/\/+$/, '')}/gestione/ebay`;
  const requireOn = () => {
    if (!oauth || ctx.setup.mode === 'off')
      throw conflict('eBay è disattivato su questo negozio (EBAY_MODE=off)');
    return oauth;
  };

  serve(endpoint('GET /api/ebay/account'), () => accountView(ctx));

  serve(endpoint('POST /api/ebay/connect'), async (_input, _req, res) => {
    const consent = requireOn();
    const nonce = randomBytes(32).toString('base64url');
    await db.insert(oauthStates).values({
      nonceHash: hashOf(nonce),
      staffUser: authOf(res).sub,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { consent_url: consent.consentUrl(nonce) };
  });

  serve(endpoint('GET /api/ebay/callback'), async ({ query }, _req, res) => {
    const refuse = (status: number, message: string) =>
      res.status(status).type('html').send(failurePage(message, backOffice));
    // The state is spent by this one request, whatever follows.
    const [state] = await db
      .update(oauthStates)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oauthStates.nonceHash, hashOf(query.state)),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!state || !oauth || ctx.setup.mode === 'off')
      return refuse(400, 'Il collegamento è scaduto o è già stato usato.');
    if (query.error || !query.code) return refuse(400, 'Il consenso su eBay non è stato dato.');
    let username: string;
    try {
      const tokens = await oauth.exchangeCode(query.code);
      username = await oauth.username(tokens.accessToken);
      await ctx.store!.connect(tokens, username);
    } catch (err) {
      if (!(err instanceof EbayError)) throw err;
      ctx.logger.warn({ status: err.status }, 'eBay refused the consent code');
      await ctx.store!.failed(err);
      return refuse(502, `eBay non ha confermato il collegamento (${failureText(err)}).`);
    }
    ctx.logger.info({ ebay_user: username, staff_user: state.staffUser }, 'eBay account connected');
    await db.transaction((tx) => enqueuePendingListings(ctx, tx, `connect:${Date.now()}`));
    res.redirect(303, `${backOffice}?ebay=connected`);
  });

  serve(endpoint('DELETE /api/ebay/account'), async () => {
    requireOn();
    await ctx.store!.disconnect();
    return {
      ...(await accountView(ctx)),
      notice:
        'Account eBay scollegato: gli annunci restano pubblicati su eBay, ma quantità, prezzi e ordini non sono più sincronizzati finché non lo ricolleghi.',
    };
  });

  serve(endpoint('POST /api/ebay/sync'), async () => {
    requireOn();
    const row = await accountRow(db);
    if (!row.refreshTokenEnc) throw conflict('Collega prima l’account eBay');
    // eBay's and svc-orders' failures are recorded on the account, which this answers.
    await deps.syncNow().catch((err: unknown) => {
      if (!(err instanceof EbayError) && !(err instanceof InternalCallError)) throw err;
    });
    return accountView(ctx);
  });

  serve(endpoint('GET /api/ebay/reconciliations'), () => recentReconciliations(ctx));

  serve(endpoint('POST /api/ebay/reconciliations'), async () => {
    requireOn();
    const run = await reconcile(ctx);
    if (!run) throw conflict('Collega prima l’account eBay');
    return run;
  });
}

/** States past their 10 minutes (or used) are deleted a day later. */
export async function purgeOauthStates(ctx: ChannelsContext): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  await ctx.database.db
    .delete(oauthStates)
    .where(or(sql`${oauthStates.expiresAt} < ${dayAgo}`, sql`${oauthStates.usedAt} < ${dayAgo}`));
}
