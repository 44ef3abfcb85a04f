import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { ValidationError } from './errors';
import { refuseNulBytes } from './input-guards';

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

export interface InputSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
}

export interface Input<S extends InputSchemas> {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
}

function parse(where: 'params' | 'query' | 'body', schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationError(where, result.error);
  return result.data;
}

/**
 * A route handler whose params, query and body are validated by zod schemas (from contracts/) before it
 * runs. Bad input answers 422 with the readable messages of the bad fields (errors.ts); a returned value is sent as JSON.
 */
export function handle<S extends InputSchemas>(
  schemas: S,
  fn: (input: Input<S>, req: Request, res: Response) => unknown,
): RequestHandler {
  return async (req, res) => {
    refuseNulBytes(req.params);
    const input = {
      params: parse('params', schemas.params, req.params),
      query: parse('query', schemas.query, req.query),
      body: parse('body', schemas.body, req.body),
    } as Input<S>;
    const result = await fn(input, req, res);
    if (result !== undefined && !res.headersSent) res.json(result);
  };
}
