// Money is integer cents inside every service; the HTTP API speaks euros with two decimals.

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Gross unit price in cents: net price plus VAT, rounded half up to the cent
 * (docs/product/orders-and-payments.md#pricing), in integer arithmetic
 * (net × (100 + iva) is exact; a float `× 1.13` is not and rounds 0,50 cents down at 13 %, 15 %, 17 %). The one
 * formula of the storefront's display and the server's totals.
 */
export function grossCents(netCents: number, ivaPercentage: number): number {
  // Both are integers (cents; the catalogue's VAT is a whole percentage): the product is exact.
  const hundredths = netCents * (100 + ivaPercentage) + 50;
  return (hundredths - (hundredths % 100)) / 100;
}

/** Gross unit price in euros for a net price in euros. */
export function grossPrice(netEuros: number, ivaPercentage: number): number {
  return centsToEuros(grossCents(eurosToCents(netEuros), ivaPercentage));
}
