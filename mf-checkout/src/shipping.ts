/** Shipping zones of the cart (SPEC §2) and the country each one is quoted for (SPEC §7). */
export const ZONES = ['national', 'international', 'intercontinental'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_COUNTRY: Record<Zone, string> = {
  national: 'IT',
  international: 'FR',
  intercontinental: 'US',
};

/**
 * The local estimate used when the shipping service fails (SPEC §9), in cents: national 9 € plus 3 € per
 * each full 3 items beyond the first; international 14 € for 1-4 items, 19 for 5-8, 24 for 9-12, then
 * 5 € more per further 4; intercontinental 25, 30, 35 € for 1, 2, 3 items, 40 € from 4.
 */
export function fallbackShippingCents(zone: Zone, quantity: number): number {
  if (quantity <= 0) return 0;
  switch (zone) {
    case 'national':
      return (9 + 3 * Math.floor((quantity - 1) / 3)) * 100;
    case 'international':
      return (14 + 5 * (Math.ceil(quantity / 4) - 1)) * 100;
    case 'intercontinental':
      return Math.min(25 + 5 * (quantity - 1), 40) * 100;
  }
}
