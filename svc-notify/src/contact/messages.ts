import type { Mail } from '../mail/transport';

export interface ContactMessage {
  name: string;
  email: string;
  telefono?: string | null;
  messaggio: string;
}

/** The visitor's message, to the shop's mailbox; answering it replies to the visitor. */
export function messageToShop(shopEmail: string, message: ContactMessage): Mail {
  return {
    to: shopEmail,
    replyTo: message.email,
    subject: `Messaggio dal sito da ${message.name}`,
    text: [
      'Nuovo messaggio dal modulo contatti del sito.',
      '',
      `Nome: ${message.name}`,
      `Email: ${message.email}`,
      `Telefono: ${message.telefono || '-'}`,
      '',
      'Messaggio:',
      message.messaggio,
    ].join('\n'),
  };
}

/** The confirmation to the visitor, with a copy of what they wrote. */
export function confirmationToSender(shopName: string, shopEmail: string, message: ContactMessage): Mail {
  return {
    to: message.email,
    replyTo: shopEmail,
    subject: `Abbiamo ricevuto il tuo messaggio - ${shopName}`,
    text: [
      `Ciao ${message.name},`,
      '',
      'grazie per averci scritto: abbiamo ricevuto il tuo messaggio e ti risponderemo al più presto.',
      '',
      'Il tuo messaggio:',
      message.messaggio,
      '',
      `${shopName}`,
    ].join('\n'),
  };
}
