import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db';

/** One transaction in progress: what to run once it committed. */
interface UnitOfWork {
  committed: Set<() => void>;
}

const transactionScope = new AsyncLocalStorage<UnitOfWork>();

/** True while the calling code runs inside a transaction of any Database of this process. */
export function inTransaction(): boolean {
  return transactionScope.getStore() !== undefined;
}

/**
 * Runs `fn` once the transaction the caller runs in has committed, never after a rollback; at once outside any
 * transaction (the write it follows committed on its own). The same function registered twice runs once. For the
 * platform's own wake-ups (docs/decisions/0038-unit-of-work.md): a function that throws would break the commit's
 * caller, so only the relay's and the job runner's `wake` are registered.
 */
export function afterCommit(fn: () => void): void {
  const unit = transactionScope.getStore();
  if (unit) unit.committed.add(fn);
  else fn();
}

/**
 * Makes every `db.transaction()` a unit of work: everything its callback runs is marked, so that a call to another
 * service made inside one can be refused at once (in the all-in-one process it would deadlock on the shared embedded
 * engine), and what the callback wrote for the outbox relay or the job runner wakes them after the commit.
 */
export function trackTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn, config) => {
    const unit: UnitOfWork = { committed: new Set() };
    const result = await transaction((tx) => transactionScope.run(unit, () => fn(tx)), config);
    for (const wake of unit.committed) wake();
    return result;
  }) as Db['transaction'];
  return db;
}
