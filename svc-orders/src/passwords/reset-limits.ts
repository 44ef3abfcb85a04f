import type { RateLimits } from '@edicola/platform';

export const TOO_MANY_RESETS_DETAIL = 'Troppe richieste da questo indirizzo: riprova più tardi';

/**
 * The per-address limits of password resets, counted in svc-orders' database: the requests (each may send an
 * e-mail) and, apart, the links tried (each checks a secret). Every request counts, answered or refused.
 */
export function passwordResetLimits(limits: RateLimits, perHour: number) {
  const limit = (name: string) =>
    limits.perAddress({ name, windowMs: 60 * 60_000, limit: perHour, detail: TOO_MANY_RESETS_DETAIL });
  return { requestLimit: limit('password-reset'), confirmLimit: limit('password-reset-confirm') };
}
