import type { RequestHandler, Router } from 'express';
import {
  centsToEuros,
  endpoint,
  type GiftCard,
  type GiftCardCheckResponse,
  type GiftCardList,
} from '@edicola/contracts';
import { authOf, auditBy, routeServer, type Db, type EventBus, type TokenVerifier } from '@edicola/platform';
import { issueGiftCard, listGiftCards, usableCard } from '../gift-cards/cards';

/** Gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards). */
export function giftCardRoutes(
  router: Router,
  options: {
    db: Db;
    verifier: TokenVerifier;
    bus: EventBus;
    /** The per-address limit of the balance check: nobody may try codes by the thousand. */
    checkLimit: RequestHandler;
  },
) {
  const serve = routeServer(router, options.verifier);
  const { db } = options;

  serve(endpoint('GET /api/admin/gift-cards'), (): Promise<GiftCardList> => listGiftCards(db));

  serve(endpoint('POST /api/admin/gift-cards'), async ({ body }, _req, res): Promise<GiftCard> => {
    const claims = authOf(res);
    const card = await issueGiftCard(db, body, { username: claims.name }, auditBy(options.bus, res));
    res.status(201);
    return card;
  });

  serve(endpoint('GET /api/admin/customers/:id/gift-cards'), ({ params }): Promise<GiftCardList> =>
    listGiftCards(db, params.id),
  );

  // The customer's own cards: the session's account, never another's.
  serve(endpoint('GET /api/customers/me/gift-cards'), (_input, _req, res): Promise<GiftCardList> =>
    listGiftCards(db, authOf(res).sub),
  );

  // The checkout's balance: a code's balance and expiry, nothing else about the card; takes nothing.
  serve(
    endpoint('POST /public/gift-cards/check'),
    [options.checkLimit],
    async ({ body }): Promise<GiftCardCheckResponse> => {
      const card = await usableCard(db, body.code, new Date());
      return { code: card.code, balance: centsToEuros(card.balanceCents), expires_on: card.expiresOn };
    },
  );
}
