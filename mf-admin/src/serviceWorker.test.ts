/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// The counter's service worker (public/pwa/sw.js, docs/decisions/0045-counter-screen.md), run in a stand-in of the
// browser's worker scope: what it answers from its cache, and that it never stores an API answer.

const SOURCE = readFileSync(path.join(__dirname, '../public/pwa/sw.js'), 'utf8');
const SHOP = 'https://shop.test';
const API = 'https://api.shop.test';

type Listener = (event: unknown) => void;

function startWorker(network: (url: string) => Promise<Response>) {
  const listeners: Record<string, Listener> = {};
  const stored = new Map<string, Response>();
  const keyOf = (request: { url: string } | string) =>
    new URL(typeof request === 'string' ? request : request.url, SHOP).href;
  const cache = {
    add: async (request: { url: string }) => {
      stored.set(keyOf(request), await network(request.url));
    },
    put: async (request: { url: string } | string, response: Response) => {
      stored.set(keyOf(request), response);
    },
    match: async (request: { url: string } | string) => stored.get(keyOf(request))?.clone(),
  };
  const scope = {
    self: {
      location: new URL(`${SHOP}/gestione/sw.js`),
      addEventListener: (name: string, listener: Listener) => (listeners[name] = listener),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
    },
    caches: { open: async () => cache, keys: async () => [], delete: async () => true },
    fetch: (request: { url: string }) => network(request.url),
    // A worker's Request resolves a path against the worker's own address.
    Request: class extends Request {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, SHOP), init);
      }
    },
    URL,
  };
  vm.runInNewContext(SOURCE, scope);

  /** What the worker answers for `request`: its response, or null when it lets the browser fetch. */
  const fetchThrough = async (request: FakeRequest) => {
    let answer: Promise<Response> | null = null;
    listeners.fetch!({ request, respondWith: (response: Promise<Response>) => (answer = response) });
    return answer ? ((await answer) as Response) : null;
  };
  const install = () =>
    new Promise<void>((resolve) =>
      listeners.install!({ waitUntil: (work: Promise<unknown>) => void work.then(() => resolve()) }),
    );
  return { fetchThrough, install, stored };
}

/** What the worker reads of a request: its address, method and mode. */
interface FakeRequest {
  url: string;
  method: string;
  mode: string;
}
const get = (url: string): FakeRequest => ({ url, method: 'GET', mode: 'cors' });
const navigation = (url: string): FakeRequest => ({ url, method: 'GET', mode: 'navigate' });

describe("the counter's service worker", () => {
  it('keeps the counter page at install and serves it, and the files it ran with, when the network is gone', async () => {
    let online = true;
    const worker = startWorker(async (url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(url.endsWith('/gestione/cassa') ? '<html>cassa</html>' : `file ${url}`);
    });
    await worker.install();
    expect([...worker.stored.keys()]).toEqual([`${SHOP}/gestione/cassa`]);
    await worker.fetchThrough(get(`${SHOP}/mf/admin/715.dd0af774.js`));
    online = false;
    expect(await (await worker.fetchThrough(navigation(`${SHOP}/gestione/cassa`)))!.text()).toBe(
      '<html>cassa</html>',
    );
    // Another back-office address opened offline gets the counter's page (the router shows the address asked).
    expect(await (await worker.fetchThrough(navigation(`${SHOP}/gestione/ordini`)))!.text()).toBe(
      '<html>cassa</html>',
    );
    expect(await (await worker.fetchThrough(get(`${SHOP}/mf/admin/715.dd0af774.js`)))!.text()).toBe(
      `file ${SHOP}/mf/admin/715.dd0af774.js`,
    );
  });

  it('never stores nor answers an API call, a write, or a page outside the back office', async () => {
    const worker = startWorker(async () => new Response('{"ok":true}'));
    for (const request of [
      get(`${API}/api/pos/sales`),
      get(`${API}/api/stock/lookup?q=800`),
      { url: `${SHOP}/gestione/cassa`, method: 'POST', mode: 'navigate' },
      navigation(`${SHOP}/prodotti`),
      get(`${API}/media/articles/sf24.webp`),
    ]) {
      expect(await worker.fetchThrough(request)).toBeNull();
    }
    expect(worker.stored.size).toBe(0);
  });

  it('takes a new release from the network first while online', async () => {
    let release = 'v1';
    const worker = startWorker(async () => new Response(`page ${release}`));
    await worker.fetchThrough(navigation(`${SHOP}/gestione/cassa`));
    release = 'v2';
    expect(await (await worker.fetchThrough(navigation(`${SHOP}/gestione/cassa`)))!.text()).toBe('page v2');
  });
});
