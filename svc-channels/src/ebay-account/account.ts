import { eq } from 'drizzle-orm';
import type { Database, Db, Logger } from '@edicola/platform';
import { EbayError, type EbayApi, type EbayOAuth, type TokenSource, type UserTokens } from '../ebay/api';
import { account, type AccountRow } from '../db/schema';
import type { TokenCipher } from './token-cipher';

const ACCOUNT_ID = 'ebay';
/** An access token is refreshed this long before eBay says it expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The account row, created empty on first use. */
export async function accountRow(db: Db): Promise<AccountRow> {
  const [row] = await db.select().from(account).where(eq(account.id, ACCOUNT_ID));
  if (row) return row;
  await db.insert(account).values({ id: ACCOUNT_ID }).onConflictDoNothing();
  const [created] = await db.select().from(account).where(eq(account.id, ACCOUNT_ID));
  return created!;
}

export async function updateAccount(db: Db, set: Partial<typeof account.$inferInsert>): Promise<void> {
  await accountRow(db);
  await db.update(account).set(set).where(eq(account.id, ACCOUNT_ID));
}

/** Connected with a refresh token eBay has not refused: the jobs talk to eBay only then. */
export const isConnected = (row: AccountRow) =>
  Boolean(row.refreshTokenEnc) &&
  !row.tokenExpired &&
  (!row.refreshTokenExpiresAt || row.refreshTokenExpiresAt.getTime() > Date.now());

/** What a failure says in the back office: eBay's message, never a token. */
export function failureText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const status = err instanceof EbayError && err.status > 0 ? `HTTP ${err.status}: ` : '';
  return `${status}${message}`.replace(/(Bearer|Basic)\s+\S+/gi, '$1 …').slice(0, 500);
}

export interface EbayAccountStore {
  /** The seller's access token for the API client, refreshed from the stored refresh token when due. */
  tokens: TokenSource;
  /** Stores a consent's tokens and the eBay user they belong to. */
  connect(tokens: UserTokens, username: string): Promise<void>;
  /** Forgets the tokens (the listings stay on eBay). */
  disconnect(): Promise<void>;
  reached(): Promise<void>;
  failed(err: unknown): Promise<void>;
}

export function ebayAccountStore(options: {
  database: Database;
  cipher: TokenCipher;
  oauth: EbayOAuth;
  logger: Logger;
}): EbayAccountStore {
  const { database, cipher, oauth, logger } = options;
  const db = database.db;
  let refreshing: Promise<string> | null = null;
  let invalidated: string | null = null;

  async function refresh(row: AccountRow): Promise<string> {
    let answer: { accessToken: string; accessTokenExpiresAt: Date };
    try {
      answer = await oauth.refresh(cipher.open(row.refreshTokenEnc!));
    } catch (err) {
      if (err instanceof EbayError && !err.retryable) {
        // eBay refused the refresh token: staff must connect again; nothing syncs meanwhile (fail closed).
        logger.warn(
          { status: err.status },
          'eBay refused the refresh token: the account must be connected again',
        );
        await updateAccount(db, {
          tokenExpired: true,
          lastError: `Il collegamento con eBay è scaduto: ricollegare l’account (${failureText(err)})`,
          lastErrorAt: new Date(),
        });
      }
      throw err;
    }
    await updateAccount(db, {
      accessTokenEnc: cipher.seal(answer.accessToken),
      accessTokenExpiresAt: answer.accessTokenExpiresAt,
    });
    return answer.accessToken;
  }

  const tokens: TokenSource = {
    async accessToken() {
      const row = await accountRow(db);
      if (!isConnected(row)) throw new EbayError(401, 'Account eBay non collegato');
      if (row.accessTokenEnc && row.accessTokenExpiresAt) {
        const token = cipher.open(row.accessTokenEnc);
        if (token !== invalidated && row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now())
          return token;
      }
      refreshing ??= refresh(row).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    invalidate(token) {
      invalidated = token;
    },
  };

  return {
    tokens,
    async connect(userTokens, username) {
      const before = await accountRow(db);
      await updateAccount(db, {
        username,
        refreshTokenEnc: cipher.seal(userTokens.refreshToken),
        refreshTokenExpiresAt: userTokens.refreshTokenExpiresAt,
        accessTokenEnc: cipher.seal(userTokens.accessToken),
        accessTokenExpiresAt: userTokens.accessTokenExpiresAt,
        tokenExpired: false,
        connectedAt: new Date(),
        lastReachedAt: new Date(),
        lastError: null,
        lastErrorAt: null,
        // Orders from the moment of the consent on (docs/decisions/0048-ebay-sync.md).
        ordersCursor: before.ordersCursor ?? new Date(),
      });
      invalidated = null;
    },
    async disconnect() {
      await updateAccount(db, {
        username: null,
        refreshTokenEnc: null,
        refreshTokenExpiresAt: null,
        accessTokenEnc: null,
        accessTokenExpiresAt: null,
        tokenExpired: false,
        connectedAt: null,
      });
    },
    async reached() {
      await updateAccount(db, { lastReachedAt: new Date() });
    },
    async failed(err) {
      // The expired consent says more than the call it made fail.
      if ((await accountRow(db)).tokenExpired) return;
      const answered = err instanceof EbayError && err.status > 0;
      await updateAccount(db, {
        ...(answered ? { lastReachedAt: new Date() } : {}),
        lastError: failureText(err),
        lastErrorAt: new Date(),
      });
    },
  };
}

const API_METHODS = [
  'createInventoryLocation',
  'putInventoryItem',
  'getInventoryItem',
  'getInventoryItems',
  'createOffer',
  'updateOffer',
  'getOffers',
  'publishOffer',
  'withdrawOffer',
  'bulkUpdatePriceQuantity',
  'getOrders',
  'getOrder',
  'createShippingFulfillment',
] as const satisfies readonly (keyof EbayApi)[];

/**
 * The API client with every answer recorded on the account: `last_reached_at` when eBay answered (even with an
 * error), `last_error` when a call failed.
 */
export function recordingApi(api: EbayApi, store: Pick<EbayAccountStore, 'reached' | 'failed'>): EbayApi {
  const wrapped = {} as Record<string, unknown>;
  for (const name of API_METHODS) {
    const method = api[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        const answer = await method.apply(api, args);
        await store.reached();
        return answer;
      } catch (err) {
        await store.failed(err);
        throw err;
      }
    };
  }
  return wrapped as unknown as EbayApi;
}
