/** The shop's contact details (not translated). Placeholders until the owner confirms them. */
export const SHOP = {
  street: 'Via Toledo 256',
  city: '80134 Napoli (NA)',
  country: 'Italia',
  phone: '+39 081 555 0123',
  phoneHref: 'tel:+390815550123',
  email: 'negozio@edicola.example',
} as const;
