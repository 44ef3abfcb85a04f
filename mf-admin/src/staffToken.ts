/**
 * Where the staff token lives (docs/product/account.md#staff-sessions: stored as access_token, also as
 * token).
 */
export const STAFF_TOKEN_KEYS = ['access_token', 'token'] as const;

export function readStaffToken(storage: Storage = window.localStorage): string | null {
  return storage.getItem('access_token') ?? storage.getItem('token');
}

export function storeStaffToken(token: string, storage: Storage = window.localStorage): void {
  for (const key of STAFF_TOKEN_KEYS) storage.setItem(key, token);
}

export function clearStaffToken(storage: Storage = window.localStorage): void {
  for (const key of STAFF_TOKEN_KEYS) storage.removeItem(key);
}
