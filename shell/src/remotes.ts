import { lazy, type ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type RemoteProps, type RuntimeConfig } from '@edicola/contracts';

export type RemoteModule = { default: ComponentType<RemoteProps> };
export type RemoteLoader = () => Promise<RemoteModule>;

/** The remote components the shell composes, by the slot they fill. */
export interface RemoteLoaders {
  CatalogPage: RemoteLoader;
  PresaleSection: RemoteLoader;
  ReservationSection: RemoteLoader;
  RecentReviews: RemoteLoader;
  ReviewPage: RemoteLoader;
  CartButton: RemoteLoader;
  AccountMenu: RemoteLoader;
  AccountPages: RemoteLoader;
  AdminApp: RemoteLoader;
}

/** Which remote exposes each slot: `<remote>/<expose>`. */
export const REMOTE_OF: Record<keyof RemoteLoaders, RemoteName> = {
  CatalogPage: 'mf_catalog',
  PresaleSection: 'mf_catalog',
  ReservationSection: 'mf_catalog',
  RecentReviews: 'mf_catalog',
  ReviewPage: 'mf_catalog',
  CartButton: 'mf_checkout',
  AccountMenu: 'mf_account',
  AccountPages: 'mf_account',
  AdminApp: 'mf_admin',
};

function loader(remote: RemoteName, expose: string): RemoteLoader {
  return async () => {
    const module = await loadRemote<RemoteModule>(`${remote}/${expose}`);
    if (!module?.default) throw new Error(`${remote}/${expose} did not load`);
    return module;
  };
}

/** Registers every remote's manifest address from the runtime config and returns a loader per slot. */
export function registerRuntimeRemotes(config: RuntimeConfig): RemoteLoaders {
  registerRemotes(REMOTES.map((name) => ({ name, entry: config.remotes[name] })));
  return {
    CatalogPage: loader(REMOTE_OF.CatalogPage, 'CatalogPage'),
    PresaleSection: loader(REMOTE_OF.PresaleSection, 'PresaleSection'),
    ReservationSection: loader(REMOTE_OF.ReservationSection, 'ReservationSection'),
    RecentReviews: loader(REMOTE_OF.RecentReviews, 'RecentReviews'),
    ReviewPage: loader(REMOTE_OF.ReviewPage, 'ReviewPage'),
    CartButton: loader(REMOTE_OF.CartButton, 'CartButton'),
    AccountMenu: loader(REMOTE_OF.AccountMenu, 'AccountMenu'),
    AccountPages: loader(REMOTE_OF.AccountPages, 'AccountPages'),
    AdminApp: loader(REMOTE_OF.AdminApp, 'AdminApp'),
  };
}

/** The components the shell renders, one lazy component per slot (created once, outside render). */
export type RemoteComponents = Record<keyof RemoteLoaders, ComponentType<RemoteProps>>;

export function lazyRemotes(loaders: RemoteLoaders): RemoteComponents {
  return {
    CatalogPage: lazy(loaders.CatalogPage),
    PresaleSection: lazy(loaders.PresaleSection),
    ReservationSection: lazy(loaders.ReservationSection),
    RecentReviews: lazy(loaders.RecentReviews),
    ReviewPage: lazy(loaders.ReviewPage),
    CartButton: lazy(loaders.CartButton),
    AccountMenu: lazy(loaders.AccountMenu),
    AccountPages: lazy(loaders.AccountPages),
    AdminApp: lazy(loaders.AdminApp),
  };
}
