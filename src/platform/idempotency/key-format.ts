import type { Family } from '../errors/domain-error';
import { idempotencyErrors } from '../errors/platform-errors';
import { isUuid } from '../ids/ids';

/** Spec 7.1/9: entities created before this instant may use 1-36 character idempotency keys. */
export const UUID_KEY_BOUNDARY = new Date('2024-08-15T00:00:00Z');

/**
 * Spec 7.1/7.2/8: account-center keys are UUIDs, or 1-36 characters for entities created before
 * 2024-08-15; card-issuance keys are non-empty strings of at most 255 characters.
 */
export function checkKeyFormat(family: Family, key: string | undefined, entityCreatedAt: Date): string {
  if (family === 'issuance') {
    if (key === undefined || key.length === 0 || key.length > 255) throw idempotencyErrors.keyFormat();
    return key;
  }
  if (key === undefined) throw idempotencyErrors.keyFormat();
  const legacy = entityCreatedAt.getTime() < UUID_KEY_BOUNDARY.getTime();
  const ok = isUuid(key) || (legacy && key.length >= 1 && key.length <= 36);
  if (!ok) throw idempotencyErrors.keyFormat();
  return key;
}

export const MAX_OPAQUE_KEY = 64;

/**
 * The official clients' opaque key contract (the Node client's `opaqueIdempotencyKey`, the Python
 * client's key rule): any 1-64 characters, chosen by the caller ("merchant-va-application-42") and
 * valid "for the same target account", as every key is: keys are scoped to the acting account.
 */
export function opaqueKeyOf(key: string | undefined): string {
  if (key === undefined || key.length === 0 || key.length > MAX_OPAQUE_KEY) throw idempotencyErrors.keyFormat();
  return key;
}
