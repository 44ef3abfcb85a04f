import { ApiError } from './api-client';

/**
 * The text of a failure: the server's own detail for a refused request (docs/product/back-office.md#banners),
 * else the screen's message. Never matched on: screens decide on `status` and `code`.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.detail ? error.detail : fallback;
}

export const isConflict = (error: unknown, code: string) =>
  error instanceof ApiError && error.status === 409 && error.code === code;
