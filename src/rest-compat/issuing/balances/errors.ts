import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { issuingBalanceErrors } from '../../../domain/issuing/balances/errors';
import { envelopeB, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire (card issuance only): envelope B, 400, with the error's message (spec 7.2). */
const table = {
  account_balance_not_exists: { issuance: envelopeB() },
  insufficient_balance: { issuance: envelopeB() },
} satisfies EnvelopeTable<ErrorCodeOf<typeof issuingBalanceErrors>>;

export const issuingBalanceEnvelopes = envelopesOf(issuingBalanceErrors, table);
