import http, { type RequestListener, type Server } from 'node:http';
import { trackAnswer } from './shutdown';

/**
 * The time limits of every HTTP server of the shop (services, gateway, storefront). Their order matters:
 *
 * - `headersTimeout` < `requestTimeout`: a client gets this long to send its request line and headers, then the
 *   whole request (body included) must arrive within `requestTimeout`; a slow-header or slow-body client is cut
 *   off (408) instead of holding a socket for minutes.
 * - a server's `keepAliveTimeout` is longer than the idle time of the connections its clients keep to it
 *   (`UPSTREAM_IDLE_MS`, the gateway's and the internal clients' pools, and the Ingress' 60 s upstream keep-alive):
 *   the client always closes an idle connection first, so it never sends a request on a socket the server is
 *   closing at that very moment (the 502s of a burst after a 5 s pause).
 */
export interface ServerTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** How long a pooled client connection (gateway → service, service → service) may stay idle before it is closed. */
export const UPSTREAM_IDLE_MS = 30_000;

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  // Above UPSTREAM_IDLE_MS and the 60 s an nginx Ingress keeps idle upstream connections.
  keepAliveTimeoutMs: 65_000,
};

/**
 * An HTTP server with these limits, whose answers closeServer can end cleanly. Node checks the two request limits every `connectionsCheckingInterval`
 * (30 s by default, which would let a slow-header client stay up to 40 s): here every second.
 */
export function createHttpServer(listener: RequestListener, timeouts: Partial<ServerTimeouts> = {}): Server {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = {
    ...DEFAULT_SERVER_TIMEOUTS,
    ...timeouts,
  };
  const server: Server = http.createServer(
    {
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      trackAnswer(server, res);
      listener(req, res);
    },
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  return server;
}
