import { useSyncExternalStore } from 'react';
import { CUSTOMER_TOKEN_KEY } from '@edicola/contracts';
import { ApiError, emitDomEvent, onDomEvent } from '@edicola/web-kit';
import type { AccountApi } from './api';
import type { Customer } from './customer';

export type SessionState =
  | { status: 'checking' }
  /** `loggedOut`: the customer just pressed logout (the protected pages then go home, not to /accedi). */
  | { status: 'anonymous'; loggedOut?: boolean }
  | { status: 'customer'; token: string; customer: Customer };

/** A token the server refuses (expired, tampered, deleted account) is dropped; a network hiccup is not. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);
}

const readToken = () => window.localStorage.getItem(CUSTOMER_TOKEN_KEY);

/**
 * The customer's session, one per page (the menu and the pages share it): the token in localStorage
 * (customer_token), checked with GET /api/customers/profile on load and whenever it changes: in this
 * tab, in another tab (storage event) or in another slice (edicola:customer-session).
 */
export class CustomerSession {
  private state: SessionState = { status: 'checking' };
  private readonly listeners = new Set<() => void>();
  private validating: string | null = null;
  private stopListening: (() => void) | null = null;

  /** The API client arrives with its validation code only when a token is there to check: a visitor's
   * header menu loads neither. */
  constructor(private readonly loadApi: () => Promise<AccountApi>) {}

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stores a fresh token (after login) and loads the customer it belongs to. */
  async login(token: string): Promise<void> {
    window.localStorage.setItem(CUSTOMER_TOKEN_KEY, token);
    const validated = this.validate(token);
    emitDomEvent('edicola:customer-session', { token });
    await validated;
  }

  /**
   * 'Esci': the token is dropped here at once and ended on the server (POST /api/customers/logout), so a copy
   * of it works nowhere. Resolves false when the server could not confirm it (offline): it is gone here anyway.
   */
  async logout(): Promise<boolean> {
    const token = this.state.status === 'customer' ? this.state.token : readToken();
    window.localStorage.removeItem(CUSTOMER_TOKEN_KEY);
    this.validating = null;
    this.set({ status: 'anonymous', loggedOut: true });
    emitDomEvent('edicola:customer-session', { token: null });
    if (!token) return true;
    try {
      await (await this.loadApi()).logout(token);
      return true;
    } catch (error) {
      // Refused: the session had ended already.
      return isRefusal(error);
    }
  }

  /** A call made with this token was refused (expired): the visitor is logged out. */
  refused(error: unknown): void {
    if (!isRefusal(error)) return;
    window.localStorage.removeItem(CUSTOMER_TOKEN_KEY);
    this.validating = null;
    this.set({ status: 'anonymous' });
    emitDomEvent('edicola:customer-session', { token: null });
  }

  /** The server answered a new token for the same customer (password change): kept without checking it again. */
  renewed(token: string): void {
    if (this.state.status !== 'customer') return;
    window.localStorage.setItem(CUSTOMER_TOKEN_KEY, token);
    this.set({ ...this.state, token });
    emitDomEvent('edicola:customer-session', { token });
  }

  /** The profile was updated: the menu shows the new name at once. */
  updated(customer: Customer): void {
    if (this.state.status === 'customer') this.set({ ...this.state, customer });
  }

  private start() {
    if (this.stopListening) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === CUSTOMER_TOKEN_KEY || event.key === null) this.sync();
    };
    window.addEventListener('storage', onStorage);
    const offDomEvent = onDomEvent('edicola:customer-session', () => this.sync());
    this.stopListening = () => {
      window.removeEventListener('storage', onStorage);
      offDomEvent();
    };
    this.sync();
  }

  /** Stops following the stored token (tests). */
  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.validating = null;
  }

  /** Brings the state in line with the stored token. */
  private sync() {
    const token = readToken();
    if (!token) {
      this.validating = null;
      if (this.state.status !== 'anonymous') this.set({ status: 'anonymous' });
      return;
    }
    const current = this.state.status === 'customer' ? this.state.token : this.validating;
    if (current !== token) void this.validate(token);
  }

  private async validate(token: string) {
    this.validating = token;
    this.set({ status: 'checking' });
    try {
      const customer = await (await this.loadApi()).profile(token);
      if (this.validating === token) this.set({ status: 'customer', token, customer });
    } catch (error) {
      if (this.validating !== token) return;
      if (isRefusal(error) && readToken() === token) {
        window.localStorage.removeItem(CUSTOMER_TOKEN_KEY);
        emitDomEvent('edicola:customer-session', { token: null });
      }
      this.validating = null;
      this.set({ status: 'anonymous' });
    } finally {
      if (this.validating === token && this.state.status === 'customer') this.validating = null;
    }
  }

  private set(state: SessionState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export interface Account {
  /** The account slice's API client (its module, with zod, is loaded on first use). */
  api(): Promise<AccountApi>;
  session: CustomerSession;
}

const accounts = new Map<string, Account>();

/** The page's API client and session for an API address: the menu and the pages share them. */
export function accountFor(apiBaseUrl: string): Account {
  let account = accounts.get(apiBaseUrl);
  if (!account) {
    let loading: Promise<AccountApi> | undefined;
    const api = () => (loading ??= import('./api').then((module) => module.createAccountApi(apiBaseUrl)));
    account = { api, session: new CustomerSession(api) };
    accounts.set(apiBaseUrl, account);
  }
  return account;
}

/** Tests only: forget every session so each test starts from localStorage. */
export function forgetAccounts(): void {
  for (const { session } of accounts.values()) session.stop();
  accounts.clear();
}

export function useSession(session: CustomerSession): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
