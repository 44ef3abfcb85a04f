import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  centsToEuros,
  eurosToCents,
  GIFT_CARD_DEFAULT_VALIDITY_MONTHS,
  GIFT_CARD_DETAILS,
  orderReference,
  type GiftCard,
  type GiftCardInput,
  type GiftCardList,
} from '@edicola/contracts';
import { conflict, HttpError, type Audit, type Db } from '@edicola/platform';
import { findCustomer } from '../customers/accounts';
import { giftCardMovements, giftCards } from '../db/schema';
import { romeDay } from '../orders/rome-time';

/**
 * Gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards, docs/decisions/0059-gift-cards.md):
 * issued by an admin, spent by web orders and counter sales through one conditional update of the balance, given
 * back when an unpaid order is cancelled and when an order it paid is refunded.
 */

export type GiftCardRow = typeof giftCards.$inferSelect;
type MovementRow = typeof giftCardMovements.$inferSelect;

/** Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of 5 random bits each (80 bits): nobody finds a card by trying codes. */
export function newGiftCardCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The last day of a card issued on `today` with no expiry given: the same day, a validity later, minus one. */
export function defaultExpiry(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + GIFT_CARD_DEFAULT_VALIDITY_MONTHS, d - 1));
  return end.toISOString().slice(0, 10);
}

const isExpired = (row: GiftCardRow, at: Date) => row.expiresOn < romeDay(at);

function toGiftCard(row: GiftCardRow, movements: MovementRow[], at: Date): GiftCard {
  return {
    id: row.id,
    code: row.code,
    initial_amount: centsToEuros(row.initialCents),
    balance: centsToEuros(row.balanceCents),
    expires_on: row.expiresOn,
    expired: isExpired(row, at),
    customer_id: row.customerId,
    origin: row.origin,
    note: row.note,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    movements: movements
      .filter((m) => m.giftCardId === row.id)
      .map((m) => ({
        kind: m.kind,
        amount: centsToEuros(m.amountCents),
        order_id: m.orderId,
        order_reference: m.orderId ? orderReference(m.orderId) : null,
        at: m.at.toISOString(),
      })),
  };
}

/** POST /api/admin/gift-cards: a new card with its code and its first movement; a customer's when one is named. */
export async function issueGiftCard(
  db: Db,
  input: GiftCardInput,
  by: { username: string } | null,
  audit?: Audit,
): Promise<GiftCard> {
  if (input.customer_id && !(await findCustomer(db, input.customer_id)))
    throw new HttpError(422, GIFT_CARD_DETAILS.customerUnknown);
  const now = new Date();
  const cents = eurosToCents(input.amount);
  const expiresOn = input.expires_on ?? defaultExpiry(romeDay(now));
  if (expiresOn < romeDay(now)) throw new HttpError(422, 'La scadenza del buono è già passata');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giftCards)
      .values({
        code: newGiftCardCode(),
        initialCents: cents,
        balanceCents: cents,
        expiresOn,
        customerId: input.customer_id ?? null,
        origin: input.origin,
        note: input.note ?? null,
        createdBy: by?.username ?? null,
        createdAt: now,
      })
      .returning();
    const [movement] = await tx
      .insert(giftCardMovements)
      .values({ giftCardId: row!.id, kind: 'issued', amountCents: cents, at: now })
      .returning();
    const card = toGiftCard(row!, [movement!], now);
    // The audit keeps what was issued and to whom, never the code (a bearer's secret).
    await audit?.(tx, {
      entity: 'gift_card',
      entity_id: row!.id,
      action: 'created',
      changes: {
        amount: { from: null, to: card.initial_amount },
        expires_on: { from: null, to: card.expires_on },
        customer_id: { from: null, to: card.customer_id },
        origin: { from: null, to: card.origin },
      },
    });
    return card;
  });
}

/** Cards with their movements, newest first: every card (the back office), or those of one customer. */
export async function listGiftCards(db: Db, customerId?: string): Promise<GiftCardList> {
  const where: SQL | undefined = customerId ? eq(giftCards.customerId, customerId) : undefined;
  const rows = await db.select().from(giftCards).where(where).orderBy(desc(giftCards.createdAt)).limit(500);
  const movements = rows.length
    ? await db
        .select()
        .from(giftCardMovements)
        .where(
          inArray(
            giftCardMovements.giftCardId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(giftCardMovements.at)
    : [];
  const now = new Date();
  return { gift_cards: rows.map((row) => toGiftCard(row, movements, now)) };
}

/** The card of a code (normalised by contracts' GiftCardCode), usable today: else the shopper's refusal. */
export async function usableCard(db: Db, code: string, at: Date): Promise<GiftCardRow> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.code, code));
  if (!row) throw new HttpError(422, GIFT_CARD_DETAILS.unknown);
  if (isExpired(row, at)) throw new HttpError(422, GIFT_CARD_DETAILS.expired);
  if (row.balanceCents <= 0) throw new HttpError(422, GIFT_CARD_DETAILS.empty);
  return row;
}

/**
 * Spends `cents` of a card in the caller's transaction: one conditional update (the balance still covers them and
 * the card is still valid), so two orders racing for the same balance cannot both have it; the loser is refused
 * with 409 and nothing of its order is written. The row stays locked until the commit.
 */
export async function redeem(
  tx: Db,
  card: GiftCardRow,
  cents: number,
  orderId: string,
  at: Date,
): Promise<void> {
  const [taken] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${cents}` })
    .where(
      and(
        eq(giftCards.id, card.id),
        gte(giftCards.balanceCents, cents),
        gte(giftCards.expiresOn, romeDay(at)),
      ),
    )
    .returning({ id: giftCards.id });
  if (!taken) throw conflict(GIFT_CARD_DETAILS.changed);
  await tx
    .insert(giftCardMovements)
    .values({ giftCardId: card.id, kind: 'redeemed', amountCents: -cents, orderId, at });
}

/**
 * Puts back on its card what an order spent and did not get back yet: `returned` for an unpaid order cancelled,
 * `refunded` for an order refunded (docs/decisions/0059-gift-cards.md). A no-op for an order without a card, or
 * whose amount is already back. Answers the cents put back.
 */
export async function giveBack(
  tx: Db,
  orderId: string,
  kind: 'returned' | 'refunded',
  at: Date,
): Promise<number> {
  const movements = await tx.select().from(giftCardMovements).where(eq(giftCardMovements.orderId, orderId));
  const byCard = new Map<string, number>();
  for (const m of movements) byCard.set(m.giftCardId, (byCard.get(m.giftCardId) ?? 0) - m.amountCents);
  let back = 0;
  for (const [giftCardId, owed] of byCard) {
    if (owed <= 0) continue;
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${owed}` })
      .where(eq(giftCards.id, giftCardId));
    await tx.insert(giftCardMovements).values({ giftCardId, kind, amountCents: owed, orderId, at });
    back += owed;
  }
  return back;
}
