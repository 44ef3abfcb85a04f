import type { NextFunction, Request, Response } from 'express';
import {
  EbayFault,
  HOUR,
  isObject,
  nonEmpty,
  sameSecret,
  secret,
  type FakeContext,
  type Handlers,
} from './common';
import { consentPage, errorPage } from './pages';

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The shop's callback, where the consent page sends the browser (what eBay maps the RuName to). */
  redirectUrl: string;
  /** eBay's: access tokens 2 hours, refresh tokens 18 months. Shorter in tests. */
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
  /** The demo seller's eBay user name (GET /commerce/identity/v1/user/). */
  sellerUsername?: string;
}

/** eBay's OAuth 2 on the fake: the consent page, the token endpoint, the Identity API and the bearer check. */
export function fakeOAuth(ctx: FakeContext, options: FakeOAuthOptions) {
  const { state, now } = ctx;
  const accessTtl = options.accessTokenTtlMs ?? 2 * HOUR;
  const refreshTtl = options.refreshTokenTtlMs ?? 18 * 30 * 24 * HOUR;
  const seller = options.sellerUsername ?? 'edicola_napoli_demo';

  /** Expired codes and tokens are forgotten, so the state file does not grow with every consent and refresh. */
  function forgetExpired(at: number) {
    for (const kept of [state.codes, state.accessTokens, state.refreshTokens])
      for (const [key, { expiresAt }] of Object.entries(kept)) if (expiresAt <= at) delete kept[key];
  }

  function issueAccessToken() {
    const at = now().getTime();
    forgetExpired(at);
    const token = secret('v^1.1#i^1#demo#');
    state.accessTokens[token] = { expiresAt: at + accessTtl };
    return token;
  }

  function requireToken(req: Request, _res: Response, next: NextFunction) {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const known = token ? state.accessTokens[token] : undefined;
    if (!known || known.expiresAt <= now().getTime())
      return next(new EbayFault(401, [{ errorId: 1001, message: 'Invalid access token' }], 'OAuth'));
    next();
  }

  const handlers: Handlers<
    | 'GET /demo/ebay/oauth2/authorize'
    | 'POST /demo/ebay/identity/v1/oauth2/token'
    | 'GET /demo/ebay/commerce/identity/v1/user'
  > = {
    'GET /demo/ebay/oauth2/authorize': (_input, req, res) => {
      const query = req.query as Record<string, unknown>;
      res.type('html');
      if (
        query.client_id !== options.clientId ||
        query.response_type !== 'code' ||
        !nonEmpty(query.redirect_uri)
      ) {
        res
          .status(400)
          .send(
            errorPage('Richiesta di consenso non valida: applicazione o indirizzo di ritorno sconosciuti.'),
          );
        return;
      }
      forgetExpired(now().getTime());
      const code = secret('v^1.1#i^1#code#');
      state.codes[code] = { redirectUri: query.redirect_uri, expiresAt: now().getTime() + 5 * 60_000 };
      ctx.save();
      const back = new URL(options.redirectUrl);
      back.searchParams.set('code', code);
      if (typeof query.state === 'string') back.searchParams.set('state', query.state);
      back.searchParams.set('expires_in', '299');
      res.send(consentPage(back.toString()));
    },

    'POST /demo/ebay/identity/v1/oauth2/token': (_input, req, res) => {
      const header = req.headers.authorization ?? '';
      const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      if (!header.startsWith('Basic ') || !sameSecret(header.slice(6), expected)) {
        res.status(401).json({ error: 'invalid_client', error_description: 'client authentication failed' });
        return;
      }
      const form = (isObject(req.body) ? req.body : {}) as Record<string, unknown>;
      const time = now().getTime();
      if (form.grant_type === 'authorization_code') {
        const code = typeof form.code === 'string' ? state.codes[form.code] : undefined;
        if (!code || code.expiresAt <= time || code.redirectUri !== form.redirect_uri) {
          res.status(400).json({
            error: 'invalid_grant',
            error_description:
              'the provided authorization grant code is invalid or was issued to another client',
          });
          return;
        }
        delete state.codes[form.code as string];
        const refreshToken = secret('v^1.1#i^1#refresh#');
        state.refreshTokens[refreshToken] = { expiresAt: time + refreshTtl };
        const accessToken = issueAccessToken();
        ctx.save();
        return {
          access_token: accessToken,
          expires_in: Math.floor(accessTtl / 1000),
          refresh_token: refreshToken,
          refresh_token_expires_in: Math.floor(refreshTtl / 1000),
          token_type: 'User Access Token',
        };
      }
      if (form.grant_type === 'refresh_token') {
        const known =
          typeof form.refresh_token === 'string' ? state.refreshTokens[form.refresh_token] : undefined;
        if (!known || known.expiresAt <= time) {
          res.status(400).json({
            error: 'invalid_grant',
            error_description:
              'the provided authorization refresh token is invalid or was issued to another client',
          });
          return;
        }
        const accessToken = issueAccessToken();
        ctx.save();
        return {
          access_token: accessToken,
          expires_in: Math.floor(accessTtl / 1000),
          token_type: 'User Access Token',
        };
      }
      res.status(400).json({
        error: 'unsupported_grant_type',
        error_description: 'grant type in request is not supported by the authorization server',
      });
    },

    'GET /demo/ebay/commerce/identity/v1/user': () => ({
      userId: 'demo0seller0id',
      username: seller,
      accountType: 'BUSINESS',
      registrationMarketplaceId: 'EBAY_IT',
    }),
  };
  return { handlers, requireToken };
}
