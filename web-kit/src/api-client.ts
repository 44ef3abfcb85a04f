import { pathTo, type ErrorBody, type HttpMethod, type Route } from '@edicola/contracts';

/**
 * An API answer that was not 2xx; `message` is the server's `detail` when it sent one. Screens decide on
 * `status` and `code` (ERROR_CODES), and only show `detail`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `detail`, when it sent one. */
    readonly detail?: string,
    /** The server's machine-readable reason, when it sent one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads a failed answer into an ApiError, keeping the server's `detail` and `code` when the body has
 * them. A plain check rather than the ErrorBody schema: this runs in every browser slice, and zod is kept
 * off the shell's first paint (docs/decisions/0011-storefront-speed.md).
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  let code: string | undefined;
  try {
    const body = (await response.json()) as Partial<ErrorBody> | null;
    if (typeof body?.detail === 'string') detail = body.detail;
    if (typeof body?.code === 'string') code = body.code;
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status line.
  }
  return new ApiError(response.status, detail ?? `HTTP ${response.status}`, detail, code);
}

/** How long a call may take before the screen says the API is not answering. */
export const API_TIMEOUT_MS = 8000;

/**
 * What an answer is parsed with: a contract's zod schema (contracts/src); mf-catalog passes its checks of the
 * same answers in this shape (docs/decisions/0040-web-kit.md).
 */
export interface Schema<T> {
  parse(body: unknown): T;
}

/**
 * The answer's schema, or a loader of it. A storefront slice passes a loader (a dynamic import of its schemas):
 * zod then arrives in a chunk of its own, fetched while the call is under way, and never with the page's
 * scripts (docs/decisions/0011-storefront-speed.md, 0040-web-kit.md).
 */
export type AnswerSchema<T> = Schema<T> | (() => Promise<Schema<T>>);

export interface ApiClientOptions {
  /** The API's base address (runtime config's apiBaseUrl). */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  /** The bearer token to send, read at each call (null: none). */
  token?: () => string | null;
  /** Called when the API refuses the token (401) of a call that sent one: go to the login page. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
}

/** The route a call goes to: ROUTES' entry, or just its method and path. */
export type CallRoute = Pick<Route, 'method' | 'path'>;

export interface CallOptions<T> {
  /** The values of the route's `:name` parameters. */
  params?: Record<string, string | number>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (the browser sets the boundary). */
  form?: FormData;
  /** Appended as a query string; undefined, null and '' values are left out. */
  query?: Record<string, unknown>;
  /** The answer's schema (an empty body is parsed as null); without one the body is not read. */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A token for this call only (a login's first check), instead of options.token. */
  token?: string;
  /** Sent even if the page is being left (a visit's beacon). */
  keepalive?: boolean;
}

export type { HttpMethod };

/** `path` plus the query's set values. */
export function withQuery(path: string, query?: CallOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function headersFor(
  options: ApiClientOptions,
  call: CallOptions<unknown>,
): { headers: Record<string, string>; token: string | null } {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = call.token ?? options.token?.() ?? null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return { headers, token };
}

/** Starts loading a loader's schema at once, so that it arrives while the request is under way. */
function schemaOf<T>(schema: AnswerSchema<T> | undefined): Promise<Schema<T>> | Schema<T> | undefined {
  return typeof schema === 'function' ? schema() : schema;
}

/** Reads a finished answer: the parsed body, or the ApiError (a refused token told to onUnauthorized). */
async function settle<T>(
  options: ApiClientOptions,
  request: {
    method: string;
    path: string;
    token: string | null;
    schema: Promise<Schema<T>> | Schema<T> | undefined;
  },
  response: Response,
): Promise<T> {
  if (!response.ok) {
    const error = await apiErrorFrom(response);
    if (response.status === 401 && request.token) options.onUnauthorized?.();
    throw error;
  }
  if (!request.schema) return undefined as T;
  // A 204 (or any empty answer) is parsed as null.
  const text = await response.text();
  const schema = await request.schema;
  try {
    return schema.parse(text ? JSON.parse(text) : null);
  } catch (cause) {
    throw new Error(`${request.method} ${request.path}: unexpected response`, { cause });
  }
}

const baseOf = (options: ApiClientOptions) => options.baseUrl.replace(/\/+$/, '');

/**
 * The one web API client every browser slice uses: base address, JSON or multipart bodies, bearer token,
 * a time-out on every call, the answer parsed with the contract's schema, failures as ApiError with the
 * server's `detail` and `code`, and a refused token (401) handed to `onUnauthorized`.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = baseOf(options);
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  /** A call to one of ROUTES (contracts): `client.call(ROUTES['GET /api/orders/:id'], { params: { id } })`. */
  async function call<T = void>(route: CallRoute, call: CallOptions<T> = {}): Promise<T> {
    const { method } = route;
    const path = pathTo(route, call.params);
    const { headers, token } = headersFor(options, call);
    const schema = schemaOf(call.schema);
    // A loader that fails before the answer came must not go unhandled: its error surfaces in settle().
    if (schema instanceof Promise) schema.catch(() => undefined);
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetchImpl(`${base}${withQuery(path, call.query)}`, {
      method,
      headers,
      body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
      signal: call.signal ? AbortSignal.any([call.signal, timeout]) : timeout,
      ...(call.keepalive ? { keepalive: true } : {}),
    });
    return settle(options, { method, path, token, schema }, response);
  }

  return { call, options };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A multipart upload through `client` that reports its progress (0..1): fetch cannot tell how much of a
 * body was sent, XMLHttpRequest can. Same headers, schemas and errors as `client.call`. A function of its
 * own so that slices without uploads do not ship it.
 */
export function uploadWithProgress<T>(
  client: ApiClient,
  route: CallRoute,
  form: FormData,
  call: CallOptions<T> & { onProgress?: (fraction: number) => void },
): Promise<T> {
  const { options } = client;
  const { method } = route;
  const path = pathTo(route, call.params);
  const { headers, token } = headersFor(options, call);
  const schema = schemaOf(call.schema);
  if (schema instanceof Promise) schema.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${baseOf(options)}${withQuery(path, call.query)}`);
    xhr.timeout = (options.timeoutMs ?? API_TIMEOUT_MS) * 4; // a photo of 5 MB on a slow line
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) call.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new DOMException('The operation timed out.', 'TimeoutError'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    call.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      // What fetch would have answered, read from the request (no Response constructor needed).
      const response = {
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        text: async () => text,
        json: async () => JSON.parse(text) as unknown,
      } as unknown as Response;
      settle(options, { method, path, token, schema }, response).then(resolve, reject);
    };
    xhr.send(form);
  });
}
