import type { Server } from 'node:http';

/** How long requests in flight may finish when a server stops, before their connections are cut. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops a server within a bounded time: no new connections, idle keep-alive connections closed now,
 * requests in flight given `graceMs` to finish, then every remaining connection destroyed.
 */
export function closeServer(server: Server, graceMs = DEFAULT_SHUTDOWN_GRACE_MS): Promise<void> {
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
