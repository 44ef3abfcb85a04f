import type { IncomingMessage } from 'node:http';
import { z } from 'zod';

/** Names every machine calls itself: the shop answers on them without configuration. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST_SYNTAX =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export interface PublicAddresses {
  /** The port this server listens on: the loopback names and ALLOWED_HOSTS are served there. */
  port: number;
  /** The public address given by the operator (PUBLIC_WEB_URL for the storefront, PUBLIC_API_URL for the API). */
  publicUrl?: string;
  /** ALLOWED_HOSTS: further host names this server answers on, at its own port. */
  allowedHosts?: string[];
}

/**
 * The origins a server answers for, from configuration alone: its loopback names and ALLOWED_HOSTS at
 * its own port, and its public address. Nothing a request says widens this list.
 */
export function publicOrigins({ port, publicUrl, allowedHosts = [] }: PublicAddresses): string[] {
  const local = [...LOOPBACK_NAMES, ...allowedHosts].map((name) => new URL(`http://${name}:${port}`).origin);
  return [...new Set([...(publicUrl ? [new URL(publicUrl).origin] : []), ...local])];
}

/**
 * ALLOWED_HOSTS as a list of host names (`shop.lan, 192.168.1.20`), with the address the server listens on
 * (HOST) when it is one address rather than all of them: a server knows its own address.
 */
export function parseAllowedHosts(value: string | undefined, listenHost = ''): string[] {
  const own = ['', '0.0.0.0', '::'].includes(listenHost)
    ? []
    : [listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost];
  const listed = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set([...listed, ...own.map((name) => name.toLowerCase())])];
}

/** ALLOWED_HOSTS in an env schema: further host names (no scheme, no port) the storefront and the API answer on. */
export const allowedHostsVar = z
  .string()
  .optional()
  .refine(
    (value) => parseAllowedHosts(value).every((name) => HOST_SYNTAX.test(name) && !/:\d+$/.test(name)),
    'expected host names separated by commas (no scheme, port or path)',
  );

export type HostMatch = { origin: string } | { status: 400 | 421; detail: string };

/**
 * Which configured origin a request is for, by its Host header (never X-Forwarded-Host, which any client
 * can send): a malformed or missing Host is a 400, a host not configured a 421 (Misdirected Request).
 * Without a list (a server built by a test), only the loopback names are served, on any port.
 */
export function hostMatcher(origins: string[] | undefined): (req: IncomingMessage) => HostMatch {
  const byHost = new Map<string, string>();
  for (const origin of origins ?? []) {
    const url = new URL(origin);
    byHost.set(url.host, url.origin);
    if (url.port === '') byHost.set(`${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`, url.origin);
  }
  const known = (host: string) =>
    origins
      ? byHost.get(host)
      : LOOPBACK_NAMES.includes(host.replace(/:\d+$/, ''))
        ? `http://${host}`
        : undefined;
  return (req) => {
    const host = req.headers.host?.toLowerCase();
    if (!host || !HOST_SYNTAX.test(host)) return { status: 400, detail: 'Richiesta non valida' };
    const origin = known(host);
    return origin ? { origin } : { status: 421, detail: 'Indirizzo non servito da questo negozio' };
  };
}
