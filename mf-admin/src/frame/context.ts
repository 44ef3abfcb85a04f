import { createContext, useContext } from 'react';
import type { StaffMe } from '@edicola/contracts';
import type { AdminApi } from '../api';

export interface AdminContextValue {
  api: AdminApi;
  staff: StaffMe;
  /** Only admins delete articles, reset payment data and change shipping rules (contracts/src/roles.ts). */
  isAdmin: boolean;
  /**
   * A cashier: the counter, and articles and orders to read only (contracts/src/roles.ts COUNTER_ROLES); every
   * button that changes an article or an order is left out.
   */
  readOnly: boolean;
  mediaBaseUrl: string;
  /** Loads the tab counts again after a change. */
  refreshCounts: () => void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin outside the back office');
  return value;
}
