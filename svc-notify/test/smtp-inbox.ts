import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** Refuse the next n messages with a temporary error (451), as a busy mail server does. */
  refuseNext(n: number): void;
  /** Refuse the next n messages to this address (451). */
  refuseTo(address: string, n: number): void;
  refused: number;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (plain SMTP, no auth) that keeps what it receives, parsed. */
export async function startInbox(): Promise<Inbox> {
  let toRefuse = 0;
  const refusedAddresses = new Map<string, number>();
  const inbox: Inbox = {
    url: '',
    messages: [],
    refused: 0,
    refuseNext: (n) => void (toRefuse = n),
    refuseTo: (address, n) => void refusedAddresses.set(address.toLowerCase(), n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const addressed = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const refusedFor = addressed.find((a) => (refusedAddresses.get(a) ?? 0) > 0);
      if (refusedFor) refusedAddresses.set(refusedFor, refusedAddresses.get(refusedFor)! - 1);
      if (toRefuse > 0 || refusedFor) {
        if (!refusedFor) toRefuse--;
        inbox.refused++;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Riprova più tardi'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          inbox.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return inbox;
}
