import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one request or one event delivery: its correlation id. */
export interface RequestContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The correlation id of the current request or event, or a new one outside any. */
export function correlationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
