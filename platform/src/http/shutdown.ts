import type { ServerResponse, Server } from 'node:http';

/** How long requests in flight may finish when a server stops, before their connections are cut. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** What a server made by createHttpServer knows of its answers, for a stop that drops nothing. */
interface Draining {
  /** Answers being written now. */
  active: Set<ServerResponse>;
  stopping: boolean;
}

const draining = new WeakMap<Server, Draining>();

/** A request that starts while the server stops is still answered, and its connection then ends. */
const endsConnection = (res: ServerResponse) => {
  if (!res.headersSent) res.setHeader('Connection', 'close');
};

/** Called by createHttpServer for each request: keeps track of the answers in flight. */
export function trackAnswer(server: Server, res: ServerResponse): void {
  let state = draining.get(server);
  if (!state) {
    state = { active: new Set(), stopping: false };
    draining.set(server, state);
  }
  if (state.stopping) endsConnection(res);
  const { active } = state;
  active.add(res);
  res.once('close', () => active.delete(res));
}

/**
 * Stops a server within a bounded time, dropping no request: no new connections; idle keep-alive connections
 * closed now (a client that loses the race with that close sees a reset on a reused connection before any byte of
 * answer, which the gateway and proxies retry); every answer still in flight, or starting now, says
 * `Connection: close`, so its client does not send another request on it; `graceMs` for them to finish, then every
 * remaining connection destroyed.
 */
export function closeServer(server: Server, graceMs = DEFAULT_SHUTDOWN_GRACE_MS): Promise<void> {
  const state = draining.get(server);
  if (state) {
    state.stopping = true;
    state.active.forEach(endsConnection);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
