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

const euro = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Cents as euros with Italian formatting and 2 decimals (docs/product/constants.md#money) in every language:
 * "1.234,50 €".
 */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}
