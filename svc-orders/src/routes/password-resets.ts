import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler, Router } from 'express';
import { endpoint, type PasswordResetAccepted, type PasswordResetDone } from '@edicola/contracts';
import { routeServer, type Db, type EventBus } from '@edicola/platform';
import { confirmPasswordReset, requestPasswordReset, RESET_ANSWER_MS } from '../passwords/reset';

export interface PasswordResetRouteOptions {
  db: Db;
  bus: EventBus;
  /** Reset e-mails per account per hour. */
  perAccountPerHour: number;
  requestLimit: RequestHandler;
  confirmLimit: RequestHandler;
}

/**
 * A forgotten password (docs/product/account.md#password-reset): POST /api/customers/password-reset sends the link,
 * POST /api/customers/password-reset/confirm sets the new password with the link's token.
 */
export function passwordResetRoutes(router: Router, options: PasswordResetRouteOptions) {
  const { db, bus } = options;
  const serve = routeServer(router);

  // The same answer whatever the address, so that nobody learns who has an account, and not sooner for an unknown
  // one: the few statements a known address costs more are hidden under a fixed answer time.
  serve(
    endpoint('POST /api/customers/password-reset'),
    [options.requestLimit],
    async ({ body }, _req, res): Promise<PasswordResetAccepted> => {
      const answerAt = Date.now() + RESET_ANSWER_MS;
      await db.transaction((tx) =>
        requestPasswordReset(tx, bus, {
          email: body.email,
          language: body.language,
          now: new Date(),
          perAccountPerHour: options.perAccountPerHour,
        }),
      );
      await sleep(Math.max(0, answerAt - Date.now()));
      res.status(202);
      return { accepted: true };
    },
  );

  serve(
    endpoint('POST /api/customers/password-reset/confirm'),
    [options.confirmLimit],
    ({ body }): Promise<PasswordResetDone> =>
      db.transaction((tx) =>
        confirmPasswordReset(tx, { token: body.token, password: body.password, now: new Date() }),
      ),
  );
}
