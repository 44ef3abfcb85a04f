import { LANGUAGES, type EventData } from '@edicola/contracts';
import type { ShopDetails } from './Layout';
import { STRINGS } from './locales';
import { presaleNoticeMail } from './presale-mails';

const shop: ShopDetails = {
  name: 'Edicola Napoli',
  email: 'negozio@edicola.example',
  phone: '+39 081 555 0123',
  street: 'Via Toledo 256',
  city: '80134 Napoli (NA)',
  country: 'Italia',
  webUrl: 'https://shop.example.it',
};

const notice = (
  kind: EventData<'order.presale_notice'>['kind'],
  language: EventData<'order.presale_notice'>['language'],
): EventData<'order.presale_notice'> => ({
  notice_id: '0b0c5e7e-4a57-4c8e-9f0e-2d9f4f1a2b3c',
  order_id: '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678',
  kind,
  order_token: 'tok-en',
  customer_email: 'collezionista@example.it',
  customer_name: 'Gennaro',
  language,
  article_title: 'Pokémon Avventure Insieme ETB',
  deposit_cents: 1220,
  balance_cents: 5780,
  due_at: '2027-03-27T10:00:00.000Z',
  availability_date: '2027-04-10',
  deposit_refunded: kind === 'lapsed',
});

describe('pre-sale e-mails (docs/decisions/0066-presale-deposits.md)', () => {
  it.each(LANGUAGES)(
    'in %s: each notice has its subject, its amounts and the order page link',
    async (language) => {
      const t = STRINGS[language].presale;
      const balance = await presaleNoticeMail(notice('balance_requested', language), shop);
      expect(balance.subject).toBe(`${t.balanceSubject('Pokémon Avventure Insieme ETB')} - Edicola Napoli`);
      expect(balance.text).toContain(t.payButton);
      expect(balance.html).toContain('https://shop.example.it/ordini/5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678');
      const short = await presaleNoticeMail(notice('short_delivery', language), shop);
      expect(short.subject).toContain(t.shortSubject('Pokémon Avventure Insieme ETB'));
      expect(short.text).toContain(t.shortChoice);
      const date = await presaleNoticeMail(notice('release_date_changed', language), shop);
      expect(date.subject).toContain(t.dateSubject('Pokémon Avventure Insieme ETB'));
      const lapsed = await presaleNoticeMail(notice('lapsed', language), shop);
      expect(lapsed.subject).toContain(t.lapsedSubject('Pokémon Avventure Insieme ETB'));
    },
  );
});
