import { NEWSLETTER_UNSUBSCRIBE_PATH } from '@edicola/contracts';
import type { Mail } from '../mail/transport';

/** The storefront page that ends a subscription, with the token in its query. */
export function unsubscribeLink(webUrl: string, token: string): string {
  const url = new URL(NEWSLETTER_UNSUBSCRIBE_PATH, webUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The e-mail that confirms a subscription; it carries the unsubscribe link (also as List-Unsubscribe). */
export function confirmationMail(to: string, name: string | null, link: string, shopName: string): Mail {
  return {
    to,
    subject: `Iscrizione alla newsletter di ${shopName}`,
    text: [
      name ? `Ciao ${name},` : 'Ciao,',
      '',
      `grazie per esserti iscritto alla newsletter di ${shopName}!`,
      'Riceverai le novità su modellismo, Pokémon, caschi, camion, tuning e Panini, le prevendite e le prenotazioni.',
      '',
      'Se non vuoi più ricevere la newsletter, puoi cancellarti in qualsiasi momento da questo link:',
      link,
      '',
      `A presto,`,
      shopName,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${link}>` },
  };
}
