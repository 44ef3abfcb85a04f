// No zod here: the browser slices import these.

/**
 * Machine-readable reasons an error body may carry (`code`), where the status alone does not say what
 * happened. Screens decide on the status and these codes, never on the Italian `detail`.
 */
export const ERROR_CODES = {
  /** The record changed since the form was loaded (409): reload before saving again. */
  staleVersion: 'stale_version',
  /** A stock change would leave less than zero units (409). */
  stockNegative: 'stock_negative',
  /** Another live article has this SKU (409). */
  skuTaken: 'sku_taken',
  /** Another article has this grader's certificate number (409; docs/product/article-pages.md#attributes). */
  certificateTaken: 'certificate_taken',
  /** The photo is not JPEG, PNG, GIF or WebP (422). */
  photoType: 'photo_type',
  /** The photo is larger than 5 MB (413). */
  photoSize: 'photo_size',
  /** The staff role may not do this; an admin may (403). */
  adminOnly: 'admin_only',
  /** The order's total is not the one the server computes (422): prices or shipping changed meanwhile. */
  totalMismatch: 'total_mismatch',
  /** The second step of a staff login came too late or with a challenge not signed here (401): sign in again. */
  challengeExpired: 'challenge_expired',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
