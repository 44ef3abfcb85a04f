import { pathTo } from '@edicola/contracts';
import { apiErrorFrom, withQuery, type ApiClient, type CallOptions, type CallRoute } from './api-client';

/**
 * A file the API answered: its bytes, the name the server gave it (Content-Disposition), if any, and the answer's
 * headers (what a file cannot say about itself, e.g. the orders a batch of labels lacks).
 */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
  headers?: Headers;
}

/** The file name of a Content-Disposition header (filename* first, then filename). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

/**
 * A file (PDF, CSV, XML) through the client's base address and bearer token: downloads need the staff's or the
 * customer's token, so they cannot be bare links. Failures are ApiErrors as for JSON calls.
 */
export async function downloadFile(
  client: ApiClient,
  route: CallRoute,
  call: Pick<CallOptions<unknown>, 'params' | 'query' | 'body' | 'signal' | 'token'> & {
    /** The file type asked for (any by default). */
    accept?: string;
  } = {},
): Promise<DownloadedFile> {
  const { options } = client;
  const { method } = route;
  const path = pathTo(route, call.params);
  const headers: Record<string, string> = { Accept: call.accept ?? '*/*' };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = call.token ?? options.token?.() ?? null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await fetchImpl(`${options.baseUrl.replace(/\/+$/, '')}${withQuery(path, call.query)}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    // No 8 s time-out here: a large export streams for a while; the caller's signal can stop it.
    signal: call.signal,
  });
  if (!response.ok) {
    const error = await apiErrorFrom(response);
    if (response.status === 401 && token) options.onUnauthorized?.();
    throw error;
  }
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
    headers: response.headers,
  };
}

/** Hands a downloaded file to the browser as a download named `filename`. */
export function saveFile(file: DownloadedFile, fallbackName: string) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
