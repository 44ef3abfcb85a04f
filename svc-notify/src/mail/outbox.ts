import type { Db, Jobs } from '@edicola/platform';
import type { Mail, MailTransport } from './transport';

const JOB = 'mail.send';

/**
 * E-mails leave after the commit of the change that causes them: `queueMail` writes a job in the
 * caller's transaction (nothing is sent if it rolls back) and the job runner sends it, retrying with
 * back-off while the mail server refuses. `key` makes a repeated request send one e-mail.
 */
export function createMailOutbox(jobs: Jobs, transport: MailTransport, retry: { backoffMs: number }) {
  jobs.handle<Mail>(JOB, (mail) => transport.send(mail), { maxAttempts: 10, backoffMs: retry.backoffMs });
  return {
    queue: (tx: Db, mail: Mail, key: string) => jobs.enqueue(tx, JOB, mail, { key }),
    /** Call after the commit, to send now rather than at the next poll. */
    wake: () => jobs.wake(),
  };
}
export type MailOutbox = ReturnType<typeof createMailOutbox>;
