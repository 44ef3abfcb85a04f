import { eurosToCents, grossCents } from '@edicola/contracts';
import type { PricedLine } from './cart';

/**
 * Gross unit price in cents: net price plus VAT, rounded to the cent
 * (docs/product/orders-and-payments.md#pricing).
 */
export const unitGrossCents = (line: PricedLine) =>
  grossCents(eurosToCents(line.article.price), line.article.iva_percentage);

/** A line's gross amount in cents: the gross unit price times the quantity. */
export const lineGrossCents = (line: PricedLine) => unitGrossCents(line) * line.quantity;

/** The products' subtotal in cents (VAT included). */
export const subtotalCents = (lines: readonly PricedLine[]) =>
  lines.reduce((sum, line) => sum + lineGrossCents(line), 0);
