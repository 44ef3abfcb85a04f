import { eurosToCents, grossCents, type ReservedLine } from '@edicola/contracts';
import type { StoredOrderLine } from '../db/schema';

export interface PricedLine extends Required<Omit<StoredOrderLine, 'discount_cents'>> {
  discount_cents?: number;
  title: string;
}

/**
 * Prices the reserved lines in integer cents (docs/product/orders-and-payments.md#pricing): the unit gross
 * price is
 * round(net_cents × (1 + iva / 100)), rounded half up to the cent once per unit, and a line is that unit price
 * times the quantity, so the cart (which shows the unit gross) and the order always agree.
 */
export function priceLines(reserved: ReservedLine[]): { lines: PricedLine[]; subtotalCents: number } {
  const lines = reserved.map((line) => {
    const unitNet = eurosToCents(line.price);
    const unitGross = grossCents(unitNet, line.iva_percentage);
    return {
      article_id: line.article_id,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unit_net_cents: unitNet,
      iva_percentage: line.iva_percentage,
      unit_gross_cents: unitGross,
      line_total_cents: unitGross * line.quantity,
    };
  });
  return { lines, subtotalCents: lines.reduce((sum, line) => sum + line.line_total_cents, 0) };
}

/** A client total is accepted when it is within one cent of the server's. */
export function totalMatches(clientTotalEuros: number, serverTotalCents: number): boolean {
  return Math.abs(eurosToCents(clientTotalEuros) - serverTotalCents) <= 1;
}

/** Cart lines with the same article merged into one (the reservation takes each article once). */
export function mergeLines(items: { article_id: string; quantity: number }[]) {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.article_id, (merged.get(item.article_id) ?? 0) + item.quantity);
  return [...merged].map(([article_id, quantity]) => ({ article_id, quantity }));
}
