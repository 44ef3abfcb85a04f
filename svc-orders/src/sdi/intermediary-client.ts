import { z } from 'zod';
import { SdiReceiptType } from '@edicola/contracts';

/**
 * The SdI intermediary's REST API (docs/decisions/0063-sdi.md): the shop hands it each FatturaPA file and reads back
 * the SdI's receipts for it.
 *
 * - `POST {base}/invoices` `{file_name, file}` (the XML in base64), header `Authorization: Bearer <key>`: 201
 *   `{id, file_name}`; a file name it already has is a 409 with the same body (the file is not sent twice).
 * - `GET {base}/invoices/{id}/notifications`: 200 `{notifications: [{id, type, sdi_id, received_at, errors,
 *   outcome}]}`, the SdI's receipts in the order they came (RC, NS with its errors, MC, NE with EC01/EC02).
 * - errors `{code, message}`. Every call is timed out. Never call it inside a database transaction.
 */

export const SdiNotification = z.looseObject({
  id: z.string(),
  type: SdiReceiptType,
  sdi_id: z.string().nullish(),
  received_at: z.string(),
  errors: z.array(z.looseObject({ code: z.string(), description: z.string() })).nullish(),
  outcome: z.enum(['EC01', 'EC02']).nullish(),
  description: z.string().nullish(),
});
export type SdiNotification = z.infer<typeof SdiNotification>;

const Accepted = z.looseObject({ id: z.string(), file_name: z.string() });
const Notifications = z.looseObject({ notifications: z.array(SdiNotification) });
const Problem = z.looseObject({ message: z.string().optional(), code: z.string().optional() });

/** The intermediary did not take the call: down, slow, or refusing (its status and message). */
export class IntermediaryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface IntermediaryClient {
  send(file: { fileName: string; xml: string }): Promise<{ id: string }>;
  notifications(id: string): Promise<SdiNotification[]>;
}

export function createIntermediaryClient(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): IntermediaryClient {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<[number, unknown]> {
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new IntermediaryError(`intermediario non raggiungibile (${(error as Error).message})`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return [res.status, json];
  }

  function failure(status: number, json: unknown): IntermediaryError {
    const problem = Problem.safeParse(json);
    const message = problem.success && problem.data.message ? problem.data.message : `HTTP ${status}`;
    return new IntermediaryError(`l'intermediario ha risposto ${status}: ${message}`, status);
  }

  return {
    async send(file) {
      const [status, json] = await call('POST', 'invoices', {
        file_name: file.fileName,
        file: Buffer.from(file.xml, 'utf8').toString('base64'),
      });
      if (status !== 201 && status !== 409) throw failure(status, json);
      const accepted = Accepted.safeParse(json);
      if (!accepted.success) throw new IntermediaryError('risposta non valida dell’intermediario', status);
      return { id: accepted.data.id };
    },
    async notifications(id) {
      const [status, json] = await call('GET', `invoices/${encodeURIComponent(id)}/notifications`);
      if (status !== 200) throw failure(status, json);
      const parsed = Notifications.safeParse(json);
      if (!parsed.success) throw new IntermediaryError('risposta non valida dell’intermediario', status);
      return parsed.data.notifications;
    },
  };
}
