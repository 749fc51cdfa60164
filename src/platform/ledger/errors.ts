import { DomainError, envelopeB } from '../errors/domain-error';
import { defineErrors } from '../errors/catalogue';

export const ledgerErrors = defineErrors('ledger', 'every', {
  /** A wallet debit larger than the available balance. */
  insufficientBalance: (currency: string) =>
    new DomainError({
      code: 'insufficient_balance',
      message: `Insufficient balance: the ${currency} wallet cannot cover this amount`,
      status: 400,
      kind: 'business',
      field: 'amount',
      accountCenter: { status: 400, message: `Insufficient balance: the ${currency} wallet cannot cover this amount` },
      issuance: envelopeB('Insufficient balance'),
    }),
});

/** A posting that does not balance is a programming error, never a client error. */
export class UnbalancedEntryError extends Error {}
