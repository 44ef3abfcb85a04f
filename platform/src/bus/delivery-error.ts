/** A delivery that can never succeed (e.g. a message that fails validation): dead-lettered at once, not retried. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
  readonly permanent = true;
}

export function isPermanentDeliveryError(error: unknown): boolean {
  return error instanceof PermanentDeliveryError;
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
