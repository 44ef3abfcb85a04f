import { createHash } from 'node:crypto';

export interface CachedBody {
  body: Buffer;
  etag: string;
}

/**
 * Serialised JSON bodies of hot public reads, kept for a short time and dropped on every write this
 * replica makes; other replicas see a change within `ttlMs`. Concurrent misses share one query.
 */
export function createResponseCache(ttlMs: number) {
  const entries = new Map<string, { value: Promise<CachedBody>; expires: number }>();
  return {
    get(key: string, produce: () => Promise<unknown>): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const value = produce().then((data) => {
        const body = Buffer.from(JSON.stringify(data));
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        return { body, etag };
      });
      entries.set(key, { value, expires: Date.now() + ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    invalidate(): void {
      entries.clear();
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
