/**
 * The shop's one configuration of contact details, social links, opening hours and marketplaces
 * (docs/product/storefront.md#shop-details). The shell's footer, /contatto, the home hero and the catalogue's
 * notice all read it. Placeholders until the owner confirms them.
 */
export const SHOP_INFO = {
  name: 'Edicola Napoli',
  street: 'Via Toledo 256',
  city: '80134 Napoli (NA)',
  country: 'Italia',
  phone: '+39 081 555 0123',
  phoneHref: 'tel:+390815550123',
  email: 'negozio@edicola.example',
  /** Opening hours: Monday (1) to Saturday (6), two slots a day; Sunday closed. */
  openingHours: {
    days: { from: 1, to: 6 },
    slots: [
      { opens: '8:00', closes: '13:00' },
      { opens: '16:00', closes: '20:00' },
    ],
  },
  social: [
    { id: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/edicolanapoli' },
    { id: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/edicolanapoli' },
  ],
  marketplaces: [
    { id: 'ebay', name: 'eBay', url: 'https://www.ebay.it/str/edicolanapoli' },
    {
      id: 'subito',
      name: 'Subito.it',
      url: 'https://www.subito.it/annunci-campania/vendita/usato/?shp=edicolanapoli',
    },
  ],
} as const;
export type ShopInfo = typeof SHOP_INFO;
