import { ErrorBody } from './errors';

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

/** Reads a failed answer into an ApiError, keeping the server's `detail` when the body has one. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const body = ErrorBody.safeParse(await response.json());
    if (body.success) detail = body.data.detail;
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status line.
  }
  return new ApiError(response.status, detail ?? `HTTP ${response.status}`, detail);
}
