import { createContext, useContext } from 'react';

/** The shop's address in share links: the one the storefront server renders for (server.tsx), if any. */
export const ShopOrigin = createContext<string | undefined>(undefined);

/** The shop's address in share links: the server's, else the page's own. */
export function useShopOrigin(): string {
  return useContext(ShopOrigin) ?? window.location.origin;
}
