export { idempotencyTables, type IdempotencyKeysTable, type IdempotencyTables } from './tables';
export {
  buyerScope,
  IDEMPOTENCY_KEY_BUSY,
  IDEMPOTENCY_KEY_REUSED,
  idempotencyKeys,
  type IdempotencyKeys,
  type IdempotencyOptions,
  type IdempotentRequest,
  type KeyClaim,
} from './keys';
export { requestFingerprint } from './fingerprint';
