import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { cartZoneOfCountry, eurosToCents, type Article } from '@edicola/contracts';
import type { CheckoutApi } from '../api';
import { cartSnapshot, countItems, repairCart, saveCart, subscribeCart } from '../cart';
import type { Step } from '../checkoutReducer';
import { subtotalCents } from '../pricing';
import { fallbackShippingCents, ZONE_COUNTRY, type Zone } from '../shipping';

export interface Shipping {
  cents: number;
  /**
   * The shipping service did not answer: the local estimate of
   * docs/product/orders-and-payments.md#fallback-shipping.
   */
  estimate: boolean;
}

/** What the repair against the catalogue changed in the stored cart. */
export interface CartNotices {
  updated: boolean;
  dropped: boolean;
  corrupted: boolean;
}

/**
 * The stored cart repaired against the catalogue and its shipping
 * (docs/product/cart-and-checkout.md#cart-rules, docs/product/cart-and-checkout.md#shipping-zone): the
 * current catalogue drops
 * vanished articles and refreshes prices and stock (the repaired cart is stored and the shopper told what
 * changed; without the catalogue, unpriced lines still go). Shipping is quoted by the API for the form's country
 * once chosen, else for the zone's country, and estimated locally when the API does not answer.
 */
export function usePricedCart(api: CheckoutApi, zone: Zone, formCountry: string, step: Step) {
  const stored = useSyncExternalStore(subscribeCart, cartSnapshot, cartSnapshot);
  const [catalogue, setCatalogue] = useState<readonly Article[] | null | undefined>(undefined);
  const [catalogueRound, setCatalogueRound] = useState(0);
  const [notices, setNotices] = useState<CartNotices>({ updated: false, dropped: false, corrupted: false });
  const [shipping, setShipping] = useState<(Shipping & { key: string }) | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const repairWith = (current: readonly Article[] | null) => {
      const repair = repairCart(cartSnapshot(), current ?? undefined);
      if (repair.dropped > 0 || repair.updated > 0) {
        saveCart(repair.lines);
        setNotices((notices) => ({
          updated: notices.updated || repair.updated > 0,
          dropped: notices.dropped || (repair.dropped > 0 && repair.lines.length > 0),
          corrupted: repair.lines.length === 0,
        }));
      }
      setCatalogue(current);
    };
    api.listArticles(controller.signal).then(repairWith, () => {
      if (!controller.signal.aborted) repairWith(null);
    });
    return () => controller.abort();
  }, [api, catalogueRound]);

  const lines = useMemo(() => repairCart(stored, catalogue ?? undefined).lines, [stored, catalogue]);
  const quantity = countItems(lines);
  const subtotal = subtotalCents(lines);
  const country = formCountry && cartZoneOfCountry(formCountry) === zone ? formCountry : ZONE_COUNTRY[zone];
  const shippingKey = `${zone}|${country}|${quantity}|${subtotal}`;
  useEffect(() => {
    if (quantity === 0 || step === 'done') return;
    const controller = new AbortController();
    const key = `${zone}|${country}|${quantity}|${subtotal}`;
    api.shippingCost({ total_amount: subtotal / 100, quantity, country }, controller.signal).then(
      (euros) => setShipping({ cents: eurosToCents(euros), estimate: false, key }),
      () => {
        if (!controller.signal.aborted)
          setShipping({ cents: fallbackShippingCents(zone, quantity), estimate: true, key });
      },
    );
    return () => controller.abort();
  }, [api, zone, country, quantity, subtotal, step]);

  /** Prices or stock may have changed: the cart is checked against the catalogue again. */
  const recheck = useCallback(() => setCatalogueRound((round) => round + 1), []);

  return {
    lines,
    /** The stored cart is being checked against the catalogue. */
    loading: catalogue === undefined && stored.length > 0,
    notices,
    subtotal,
    /** null while the quote is being asked for. */
    shipping:
      quantity === 0 ? { cents: 0, estimate: false } : shipping?.key === shippingKey ? shipping : null,
    recheck,
  };
}
