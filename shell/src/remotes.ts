import { createElement, lazy, type ComponentType } from 'react';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type RemoteProps, type RuntimeConfig } from '@edicola/contracts';

export type RemoteModule = { default: ComponentType<RemoteProps> };
export type RemoteLoader = () => Promise<RemoteModule>;

/** The remote components the shell composes, by the slot they fill. */
export interface RemoteLoaders {
  CatalogPage: RemoteLoader;
  ArticlePage: RemoteLoader;
  SearchPage: RemoteLoader;
  PresaleSection: RemoteLoader;
  ReservationSection: RemoteLoader;
  RecentReviews: RemoteLoader;
  ReviewPage: RemoteLoader;
  CartButton: RemoteLoader;
  PaymentPages: RemoteLoader;
  AccountMenu: RemoteLoader;
  AccountPages: RemoteLoader;
  AdminApp: RemoteLoader;
}

/** Which remote exposes each slot: `<remote>/<expose>`. */
export const REMOTE_OF: Record<keyof RemoteLoaders, RemoteName> = {
  CatalogPage: 'mf_catalog',
  ArticlePage: 'mf_catalog',
  SearchPage: 'mf_catalog',
  PresaleSection: 'mf_catalog',
  ReservationSection: 'mf_catalog',
  RecentReviews: 'mf_catalog',
  ReviewPage: 'mf_catalog',
  CartButton: 'mf_checkout',
  PaymentPages: 'mf_checkout',
  AccountMenu: 'mf_account',
  AccountPages: 'mf_account',
  AdminApp: 'mf_admin',
};

/**
 * How long a remote may take to arrive before its slot shows the fallback with a retry: the manifest
 * request and the remoteEntry script each (a hung server otherwise leaves 'Caricamento…' forever, or 20 s
 * for a script); the chunks have rspack's chunkLoadTimeout (scripts/rspack.shared.mjs).
 */
export const REMOTE_TIMEOUT_MS = 8000;

export class RemoteTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/** The promise, or a RemoteTimeoutError when it has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Federation runtime hooks: the manifest request is aborted, and the remoteEntry script given up, after `ms`. */
export function timeoutPlugin(ms = REMOTE_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'edicola-remote-timeouts',
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(ms) }),
    createScript: () => ({ timeout: ms }),
  };
}

function loader(remote: RemoteName, expose: string): RemoteLoader {
  return async () => {
    // The runtime forgets a failed manifest or entry, so a retry asks the server again.
    const module = await loadRemote<RemoteModule>(`${remote}/${expose}`);
    if (!module?.default) throw new Error(`${remote}/${expose} did not load`);
    return module;
  };
}

/** Registers every remote's manifest address from the runtime config and returns a loader per slot. */
export function registerRuntimeRemotes(config: RuntimeConfig, ms = REMOTE_TIMEOUT_MS): RemoteLoaders {
  registerPlugins([timeoutPlugin(ms)]);
  registerRemotes(REMOTES.map((name) => ({ name, entry: config.remotes[name] })));
  // One loader per slot of REMOTE_OF: a slot added there needs nothing here.
  return Object.fromEntries(
    Object.entries(REMOTE_OF).map(([slot, remote]) => [slot, loader(remote, slot)]),
  ) as Record<keyof RemoteLoaders, RemoteLoader>;
}

/** A lazy remote component that can be told to load again after it failed (RemoteSlot's retry button). */
export type RemoteComponent = ComponentType<RemoteProps> & { retry(): void };

/**
 * React.lazy keeps a failed load for good; this one starts a fresh load after retry(). A load that has not
 * arrived after `ms` fails (the runtime's own timeouts cover the manifest and entry; this covers the rest).
 */
export function retryableLazy(load: RemoteLoader, slot: string, ms = 2 * REMOTE_TIMEOUT_MS): RemoteComponent {
  const start = () => lazy(() => withTimeout(load(), ms, slot));
  let Current = start();
  const Remote = ((props: RemoteProps) => createElement(Current, props)) as RemoteComponent;
  // RemoteSlot names its box after the slot (remote-slot-CatalogPage), which reserves the slot's room.
  Remote.displayName = slot;
  Remote.retry = () => {
    Current = start();
  };
  return Remote;
}

/** The components the shell renders, one lazy component per slot (created once, outside render). */
export type RemoteComponents = Record<keyof RemoteLoaders, RemoteComponent>;

export function lazyRemotes(loaders: RemoteLoaders, ms?: number): RemoteComponents {
  return Object.fromEntries(
    Object.entries(loaders).map(([slot, load]) => [slot, retryableLazy(load, slot, ms)]),
  ) as RemoteComponents;
}
