// Money is integer cents inside every service; the HTTP API speaks euros with two decimals.

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** Gross unit price in cents: net price plus VAT, rounded to the cent (SPEC §9). */
export function grossCents(netCents: number, ivaPercentage: number): number {
  return Math.round(netCents * (1 + ivaPercentage / 100));
}

/** Gross unit price in euros for a net price in euros. */
export function grossPrice(netEuros: number, ivaPercentage: number): number {
  return centsToEuros(grossCents(eurosToCents(netEuros), ivaPercentage));
}
