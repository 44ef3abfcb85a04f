// Helpers for this slice's tests only (never imported by the exposed modules).
import { initTestI18n as initSharedTestI18n } from '@edicola/web-testing';
import { registerTranslations } from './i18n';

/** The shared i18next instance as the shell would leave it, with this slice's namespace added. */
export const initTestI18n = (language = 'it') => initSharedTestI18n(registerTranslations, language);

import { jsonResponse } from '@edicola/web-testing';

export { jsonResponse };

export interface ServedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: ServedCall) => [number, unknown];

const FILE = Symbol('file');
interface FileAnswer {
  [FILE]: true;
  content: string;
  headers: Record<string, string>;
}

/** A handler's answer that is a file (PDF, CSV) rather than JSON, with its headers. */
export const fileAnswer = (content: string, headers: Record<string, string> = {}): FileAnswer => ({
  [FILE]: true,
  content,
  headers,
});

const isFile = (payload: unknown): payload is FileAnswer =>
  typeof payload === 'object' && payload !== null && FILE in payload;

function fileResponse(status: number, file: FileAnswer): Response {
  const headers = Object.fromEntries(Object.entries(file.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    blob: async () => new Blob([file.content], { type: headers['content-type'] }),
    text: async () => file.content,
    json: async () => JSON.parse(file.content) as unknown,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null } as unknown as Headers,
  } as Response;
}

/**
 * A stand-in API at the network edge: routes `fetch` (and XMLHttpRequest uploads) by 'METHOD /path'
 * to the handlers, records every call, and fails a test on an unexpected one.
 */
export function serveApi(base: string, handlers: Record<string, Handler>) {
  const calls: ServedCall[] = [];
  const answer = (url: string, method: string, headers: Record<string, string>, body: unknown) => {
    const parsed = new URL(url);
    const call: ServedCall = {
      method,
      path: parsed.pathname,
      query: parsed.searchParams,
      body,
      headers,
    };
    calls.push(call);
    const handler = handlers[`${method} ${parsed.pathname}`];
    if (!url.startsWith(base) || !handler)
      return jsonResponse(404, { detail: `unexpected ${method} ${url}` });
    const [status, payload] = handler(call);
    return isFile(payload) ? fileResponse(status, payload) : jsonResponse(status, payload);
  };
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body as unknown);
    return answer(url, init.method ?? 'GET', (init.headers ?? {}) as Record<string, string>, body);
  }) as unknown as typeof fetch;

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    timeout = 0;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send(body: unknown) {
      void Promise.resolve().then(async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const response = answer(this.url, this.method, this.headers, body);
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      });
    }
  }
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return calls;
}
