import { EbayError, type EbayOAuth, type UserTokens } from './api';

/** What the shop asks the seller to consent to: listings, orders and the account's user name. */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
];

export interface EbayOAuthOptions {
  /** Where the consent page is: `https://auth.ebay.com`, `https://auth.sandbox.ebay.com`, or the fake's base. */
  authUrl: string;
  /** Where the token endpoint is: `https://api.ebay.com`, the sandbox's, or the fake's base. */
  apiUrl: string;
  /**
   * Where the Identity API is. eBay serves it from `apiz.` hosts (`https://apiz.ebay.com`); by default the
   * `api.` host of `apiUrl` with that letter added, or `apiUrl` itself when it is not eBay's (the fake).
   */
  identityUrl?: string;
  clientId: string;
  clientSecret: string;
  /** eBay's RuName of the shop's app: eBay maps it to the shop's callback URL. */
  ruName: string;
  scopes?: string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  error?: string;
  error_description?: string;
}

function identityBase(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (/^api\.(sandbox\.)?ebay\.com$/.test(url.hostname)) url.hostname = `apiz.${url.hostname.slice(4)}`;
  return url.toString().replace(/\/+$/, '');
}

/** eBay's OAuth 2 authorization-code grant for the seller's account (PROVIDERS.md, eBay Sell APIs). */
export function createEbayOAuth(options: EbayOAuthOptions): EbayOAuth {
  const doFetch = options.fetch ?? fetch;
  const authUrl = options.authUrl.replace(/\/+$/, '');
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const identityUrl = (options.identityUrl ?? identityBase(apiUrl)).replace(/\/+$/, '');
  const scopes = (options.scopes ?? EBAY_SCOPES).join(' ');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    try {
      const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: response.status, body };
    } catch {
      throw new EbayError(0, 'eBay non raggiungibile');
    }
  }

  async function token(form: Record<string, string>): Promise<TokenAnswer & { access_token: string }> {
    const { status, body } = await call(`${apiUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    });
    const answer = (body ?? {}) as TokenAnswer;
    if (status >= 400 || !answer.access_token || typeof answer.expires_in !== 'number') {
      // eBay's token endpoint answers OAuth's `error` and `error_description`, not the Sell APIs' errors[].
      const reason = answer.error_description ?? answer.error ?? `eBay ha risposto ${status}`;
      throw new EbayError(status >= 400 ? status : 502, reason);
    }
    return answer as TokenAnswer & { access_token: string };
  }

  const at = (seconds: number) => new Date(Date.now() + seconds * 1000);

  return {
    consentUrl(state) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: options.ruName,
        response_type: 'code',
        scope: scopes,
        state,
      });
      return `${authUrl}/oauth2/authorize?${query.toString()}`;
    },

    async exchangeCode(code): Promise<UserTokens> {
      const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: options.ruName });
      if (!answer.refresh_token || typeof answer.refresh_token_expires_in !== 'number')
        throw new EbayError(502, 'eBay non ha dato il refresh token');
      return {
        accessToken: answer.access_token,
        accessTokenExpiresAt: at(answer.expires_in!),
        refreshToken: answer.refresh_token,
        refreshTokenExpiresAt: at(answer.refresh_token_expires_in),
      };
    },

    async refresh(refreshToken) {
      const answer = await token({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: scopes });
      return { accessToken: answer.access_token, accessTokenExpiresAt: at(answer.expires_in!) };
    },

    async username(accessToken) {
      const { status, body } = await call(`${identityUrl}/commerce/identity/v1/user/`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      const username = (body as { username?: unknown } | null)?.username;
      if (status >= 400 || typeof username !== 'string') {
        const errors = (body as { errors?: { message?: string }[] } | null)?.errors;
        throw new EbayError(
          status >= 400 ? status : 502,
          errors?.[0]?.message ?? `eBay ha risposto ${status}`,
        );
      }
      return username;
    },
  };
}
