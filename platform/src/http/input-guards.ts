import type { RequestHandler } from 'express';
import { badRequest, HttpError } from './errors';

/** Where in a value a string holds a NUL byte (e.g. ['items', '0', 'name']), or null. Iterative: deep JSON is fine. */
export function findNulByte(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return [...path, key];
        stack.push({ value: inner, path: [...path, key] });
      }
    }
  }
  return null;
}

export const NUL_DETAIL = 'Il testo non può contenere il carattere nullo (\\u0000)';

/** Throws a 422 when `value` (params, query or body) holds a NUL byte anywhere; the detail names no path. */
export function refuseNulBytes(value: unknown): void {
  if (findNulByte(value)) throw new HttpError(422, NUL_DETAIL);
}

/**
 * PostgreSQL text cannot hold a NUL byte: one rule for every service refuses it in the path, the query and
 * the JSON body before any handler runs (handle() checks route params too).
 */
export const nulByteGuard: RequestHandler = (req, _res, next) => {
  if (req.path.includes('%00'))
    throw badRequest('Percorso non valido: contiene il carattere nullo (\\u0000)');
  refuseNulBytes(req.query);
  if (!Buffer.isBuffer(req.body)) refuseNulBytes(req.body);
  next();
};
