import type { ErrorBody } from './errors';

/** An API answer that was not 2xx; `message` is the server's `detail` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `detail`, when it sent one. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads a failed answer into an ApiError, keeping the server's `detail` when the body has one. A plain
 * check rather than the ErrorBody schema: this runs in every browser slice, and zod is kept off the
 * shell's first paint (docs/decisions/0011-storefront-speed.md).
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const body = (await response.json()) as Partial<ErrorBody> | null;
    if (typeof body?.detail === 'string') detail = body.detail;
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status line.
  }
  return new ApiError(response.status, detail ?? `HTTP ${response.status}`, detail);
}
