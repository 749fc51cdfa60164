import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/** The errors of spec 7.2 that CI6 (secure details) and CI7 (PAN token) add to the card errors. */
export const cardSecureErrors = defineErrors('card-secure', 'issuance', {
  /** The card is not ACTIVE or FROZEN (PENDING, CANCELLED, or past its expiry_at): nothing to reveal. */
  statusNotSupported: () =>
    new DomainError({
      code: 'status_not_supported',
      message: 'card status or activation status not supported by request',
      status: 400,
      kind: 'business',
    }),
  /** The per-card rate limit of the sensitive-card and PAN-token endpoints (7.2's common 429). */
  tooFrequent: (retryAfterSeconds: number) =>
    new DomainError({
      code: 'request_too_frequent',
      message: 'Request is too frequent',
      status: 429,
      kind: 'rate_limit',
      retryAfterSeconds,
    }),
  /** The API key's budget of reveals over all its cards is spent (payrail's; answered as the per-card 429). */
  keyBudgetSpent: (retryAfterSeconds: number) =>
    new DomainError({
      code: 'reveal_budget_spent',
      message: "Request is too frequent: this API key's budget of card reveals is spent",
      status: 429,
      kind: 'rate_limit',
      retryAfterSeconds,
    }),
});
