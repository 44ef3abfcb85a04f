import { readFileSync, statSync } from 'node:fs';
import { RuntimeConfig } from '@edicola/contracts';

const Remotes = RuntimeConfig.shape.remotes;
export type Remotes = RuntimeConfig['remotes'];

/**
 * The remotes the shell loads, read from a file (a ConfigMap on Kubernetes: k8s/README.md): the pointer a
 * slice's release flips and a rollback flips back, without redeploying the storefront. The file is read at
 * start (a missing or invalid one stops the server) and again whenever it changes, looked at no more than
 * once per `checkEveryMs`; a later invalid version is logged and the last good one kept.
 */
export function createRemotesPointer(
  file: string,
  options: { checkEveryMs?: number; logger?: { error(fields: object, message: string): void } } = {},
): () => Remotes {
  const checkEveryMs = options.checkEveryMs ?? 2000;
  const read = () => Remotes.parse(JSON.parse(readFileSync(file, 'utf8')));
  let current = read();
  let seen = statSync(file).mtimeMs;
  let checkedAt = Date.now();
  return () => {
    if (Date.now() - checkedAt < checkEveryMs) return current;
    checkedAt = Date.now();
    try {
      const changed = statSync(file).mtimeMs;
      if (changed !== seen) {
        // Once per change of the file, good or bad: a broken version is reported once, not on every request.
        seen = changed;
        current = read();
      }
    } catch (error) {
      options.logger?.error({ err: error, file }, 'remotes file unreadable: keeping the last good one');
    }
    return current;
  };
}
