import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { EventData, EventType } from '@edicola/contracts';
import {
  startTestService,
  waitFor,
  type TestService,
  makeTokens,
  type TestTokens,
} from '@edicola/platform/testing';
import { emails, processedEvents } from '../src/db/schema';
import { notifyService } from '../src/service';
import { startInbox, type Inbox } from './smtp-inbox';

export const WEB = 'https://shop.example.it';

export interface Harness {
  notify: TestService<unknown>;
  inbox: Inbox;
  tokens: TestTokens;
  /** Emits an event into svc-notify's own bus, as the relay delivers it. */
  emit<T extends EventType>(type: T, data: EventData<T>): Promise<string>;
  /** Waits until svc-notify processed these events and every e-mail they queued has left or failed. */
  settled(eventIds: string[]): Promise<void>;
  mailsTo(address: string): ParsedMail[];
  stop(): Promise<void>;
}

/** svc-notify on its own database, sending to a real SMTP server on loopback. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const inbox = await startInbox();
  const tokens = await makeTokens();
  const notify = await startTestService(notifyService, {
    verifier: tokens.verifier,
    env: {
      SMTP_URL: inbox.url,
      PUBLIC_WEB_URL: WEB,
      MAIL_RETRY_MS: '100',
      JOBS_POLL_INTERVAL_MS: '50',
      SCHEDULED_EMAILS_INTERVAL_MS: String(60 * 60_000),
      ...env,
    },
  });
  const db = () => notify.testDatabase.database.db;
  return {
    notify,
    inbox,
    tokens,
    async emit(type, data) {
      const event = await db().transaction((tx) => notify.service.context.bus.emit(tx, type, data));
      notify.service.context.bus.wake();
      return event.id;
    },
    async settled(eventIds) {
      await waitFor(async () => {
        const done = await db()
          .select({ id: processedEvents.eventId })
          .from(processedEvents)
          .where(inArray(processedEvents.eventId, eventIds));
        if (done.length < eventIds.length) return false;
        const waiting = await db()
          .select()
          .from(emails)
          .where(and(eq(emails.status, 'queued')));
        return waiting.length === 0;
      });
    },
    mailsTo: (address) => inbox.messages.filter((m) => JSON.stringify(m.to).includes(address)),
    async stop() {
      await notify.stop();
      await inbox.close();
    },
  };
}

/** Nothing left unrendered in an e-mail. */
export function expectClean(mail: ParsedMail) {
  for (const body of [mail.text ?? '', String(mail.html || '')]) {
    expect(body).not.toMatch(/\{\{|undefined|NaN|\[object Object\]/);
  }
}

/** The plain text, with no-break spaces as spaces. */
export const textOf = (mail: ParsedMail) => (mail.text ?? '').replace(/[\u00a0\u202f]/g, ' ');

export const newId = () => randomUUID();
