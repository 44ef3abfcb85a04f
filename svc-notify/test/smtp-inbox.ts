import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** Refuse the next n messages with a temporary error (451), as a busy mail server does. */
  refuseNext(n: number): void;
  refused: number;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (plain SMTP, no auth) that keeps what it receives, parsed. */
export async function startInbox(): Promise<Inbox> {
  let toRefuse = 0;
  const inbox: Inbox = {
    url: '',
    messages: [],
    refused: 0,
    refuseNext: (n) => void (toRefuse = n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
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
