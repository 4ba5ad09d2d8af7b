// Money on screen. Amounts arrive as integer cents from the storefront API,
// which never sends fractions of a cent; rounding here is only a safeguard.

/** Whole currency units for an amount in cents, rounded to two decimals. */
export function centsToUnits(cents: number): number {
  return Math.round(cents) / 100;
}

export type Currency = 'USD' | 'EUR' | 'GBP';

export function formatPrice(cents: number, currency: Currency = 'USD'): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(centsToUnits(cents));
}
