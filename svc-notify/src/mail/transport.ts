import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@edicola/platform';

/** One e-mail: HTML and its plain-text version, both rendered from a template (React escapes what visitors typed). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** 'smtp' or 'file' (written as .eml under DATA_DIR/mail). */
  readonly kind: 'smtp' | 'file';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Header values from visitors' input never carry a line break (no header injection). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

function message(from: string, mail: Mail) {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
}

/**
 * Sends through SMTP (nodemailer) when SMTP_URL is set; otherwise writes each message as an .eml file
 * under `<dataDir>/mail/`, so a shop without a mail server still shows what it would have sent.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await smtp.sendMail(message(options.from, mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = path.resolve(options.dataDir, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await writer.sendMail(message(options.from, mail));
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // Written whole, then renamed: a reader never sees half a message.
      await writeFile(path.join(folder, `${name}.tmp`), info.message as Buffer, { mode: 0o600 });
      await rename(path.join(folder, `${name}.tmp`), path.join(folder, name));
      options.logger.info({ file: path.join(folder, name) }, 'e-mail written (no SMTP_URL)');
    },
    close: () => writer.close(),
  };
}
