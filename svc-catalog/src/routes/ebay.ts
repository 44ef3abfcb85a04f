import type { Router } from 'express';
import { endpoint, type EbayListing } from '@edicola/contracts';
import {
  auditBy,
  authOf,
  notFound,
  routeServer,
  type Db,
  type EventBus,
  type TokenVerifier,
} from '@edicola/platform';
import { ebayListingOf, saveEbaySettings } from '../ebay/settings';

/**
 * Selling an article on eBay (staff; docs/product/ebay.md#listings): its settings, kept here with the article,
 * and its listing's state as svc-channels last reported it (events/listing-changed.ts). svc-channels acts on the
 * settings from the article.changed the PUT emits.
 */
export function ebayRoutes(router: Router, db: Db, verifier: TokenVerifier, bus: EventBus) {
  const serve = routeServer(router, verifier);

  serve(endpoint('GET /api/articles/:id/ebay'), async ({ params }): Promise<EbayListing> => {
    const listing = await ebayListingOf(db, params.id);
    if (!listing) throw notFound('Articolo non trovato');
    return listing;
  });

  serve(endpoint('PUT /api/articles/:id/ebay'), async ({ params, body }, _req, res): Promise<EbayListing> => {
    const listing = await saveEbaySettings(db, bus, params.id, body, authOf(res).name, auditBy(bus, res));
    if (!listing) throw notFound('Articolo non trovato');
    return listing;
  });
}
