import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { cardholderErrors } from '../../../domain/issuing/cardholders/errors';
import { envelopeA, envelopesOf, type EnvelopeTable, type RestEnvelope } from '../../envelope-tables';

/** Envelope A, type cardholder_error, with the code and the error's message (spec 7.2's table). */
const cardholderError = (code: string): RestEnvelope => ({ issuance: envelopeA('cardholder_error', code) });

/** How the area's errors read on the wire (card issuance only): each a cardholder_error under its own code. */
const table = {
  cardholder_not_found: cardholderError('cardholder_not_found'),
  cardholder_already_exists: cardholderError('cardholder_already_exists'),
  email_duplicated: cardholderError('email_duplicated'),
  phone_number_duplicated: cardholderError('phone_number_duplicated'),
  invalid_phone_number: cardholderError('invalid_phone_number'),
  invalid_first_name: cardholderError('invalid_first_name'),
  invalid_last_name: cardholderError('invalid_last_name'),
  invalid_date_of_birth: cardholderError('invalid_date_of_birth'),
  missing_date_of_birth: cardholderError('missing_date_of_birth'),
  invalid_delivery_address: cardholderError('invalid_delivery_address'),
  missing_country_code: cardholderError('missing_country_code'),
  kyc_provider_not_configured: cardholderError('kyc_provider_not_configured'),
  document_duplicated: cardholderError('document_duplicated'),
} satisfies EnvelopeTable<ErrorCodeOf<typeof cardholderErrors>>;

export const cardholderEnvelopes = envelopesOf(cardholderErrors, table);
