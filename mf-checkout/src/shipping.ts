import {
  CART_ZONE_COUNTRY,
  CartZone,
  fallbackShippingCents as ruleZoneFallbackCents,
} from '@edicola/contracts';

/** Shipping zones of the cart's select (docs/product/cart-and-checkout.md#shipping-zone), in their order. */
export const ZONES = CartZone.options;
export type Zone = CartZone;

/**
 * The country each zone is quoted for (docs/product/cart-and-checkout.md#shipping-zone): national IT,
 * international FR, intercontinental US.
 */
export const ZONE_COUNTRY = CART_ZONE_COUNTRY;

/** The cart's zones are the rules' national, eu and international. */
const RULE_ZONE = { national: 'national', international: 'eu', intercontinental: 'international' } as const;

/**
 * The local estimate used when the shipping service fails
 * (docs/product/orders-and-payments.md#fallback-shipping), in cents: national 9 € plus 3 € per
 * each full 3 items beyond the first; international 14 € for 1-4 items, 19 for 5-8, 24 for 9-12, then
 * 5 € more per further 4; intercontinental 25, 30, 35 € for 1, 2, 3 items, 40 € from 4. Nothing for an
 * empty cart. The table is the contracts' one, the same the shop's default rules quote.
 */
export function fallbackShippingCents(zone: Zone, quantity: number): number {
  return quantity <= 0 ? 0 : ruleZoneFallbackCents(RULE_ZONE[zone], quantity);
}
