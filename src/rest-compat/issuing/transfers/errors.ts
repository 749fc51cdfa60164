import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { issuingTransferErrors } from '../../../domain/issuing/transfers/errors';
import { envelopeB, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire (card issuance only): envelope B, 400, with the error's message (spec 7.2's common texts). */
const table = {
  issuing_transfer_account_not_exists: { issuance: envelopeB() },
  issuing_transfer_not_exists: { issuance: envelopeB() },
} satisfies EnvelopeTable<ErrorCodeOf<typeof issuingTransferErrors>>;

export const issuingTransferEnvelopes = envelopesOf(issuingTransferErrors, table);
