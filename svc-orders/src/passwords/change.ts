import { HttpError } from '@edicola/platform';
import type { LoginAttempt, LoginLimiter } from '../login-limits/limiter';
import { verifyPassword } from './hashing';

export const WRONG_OLD_PASSWORD = 'La password attuale non è corretta';

/**
 * The old password of a password change, counted like a failed login when wrong (a stolen token cannot try
 * passwords faster than a login form). Wrong: 422, not 401: the session itself is fine.
 */
export async function checkOldPassword(
  limiter: LoginLimiter,
  attempt: LoginAttempt,
  oldPassword: string,
  storedHash: string,
): Promise<void> {
  try {
    await limiter.login(
      attempt,
      async () => ((await verifyPassword(oldPassword, storedHash)) ? true : null),
      WRONG_OLD_PASSWORD,
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw new HttpError(422, WRONG_OLD_PASSWORD);
    throw error;
  }
}
