import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/**
 * Cardholder errors, with the code and message of spec 7.2's table. Where the table adds a
 * parenthesis to explain a message, the message is the text before it
 * (docs/decisions/issuing/cardholders.md, Cardholders).
 */
const cardholderError = <const C extends string>(code: C, message: string, kind: DomainError['kind'] = 'validation', field?: string) =>
  new DomainError({ code, message, status: 400, kind, field });

export const cardholderErrors = defineErrors('cardholders', 'issuance', {
  /** An unknown, malformed or other tenant's id, answered alike. */
  notFound: () => cardholderError('cardholder_not_found', 'cardholder not found or deactivated', 'not_found'),
  /** The identity document (type and number) already belongs to another cardholder of the tree. */
  alreadyExists: () => cardholderError('cardholder_already_exists', 'cardholder already exists', 'business', 'identity'),
  emailDuplicated: () => cardholderError('email_duplicated', 'email already used by another cardholder under account', 'business', 'email'),
  phoneNumberDuplicated: () =>
    cardholderError('phone_number_duplicated', 'phone number used by another cardholder under account', 'business', 'phoneNumber'),
  invalidPhoneNumber: (field: string) => cardholderError('invalid_phone_number', 'invalid phone number or country code', 'validation', field),
  invalidFirstName: () => cardholderError('invalid_first_name', 'only letters and spaces, no leading or trailing spaces', 'validation', 'firstName'),
  invalidLastName: () => cardholderError('invalid_last_name', 'only letters and spaces, no leading or trailing spaces', 'validation', 'lastName'),
  invalidDateOfBirth: () => cardholderError('invalid_date_of_birth', 'under 18 or not in YYYY-MM-DD form', 'validation', 'dateOfBirth'),
  missingDateOfBirth: () => cardholderError('missing_date_of_birth', 'date of birth needed for document upload', 'validation', 'dateOfBirth'),
  invalidDeliveryAddress: () =>
    cardholderError('invalid_delivery_address', 'delivery address needs country, state, city, postal_code, line1', 'validation', 'deliveryAddress'),
  missingCountryCode: () =>
    cardholderError('missing_country_code', 'country_code required when kyc_method is IDVPROVIDER_REDIRECT', 'validation', 'countryCode'),
  /**
   * kyc_verification on a production account: the identity check is the sandbox's simulation, and
   * passing a cardholder without a real provider's check would be a fake approval.
   */
  noIdentityProvider: () =>
    cardholderError(
      'kyc_provider_not_configured',
      'no identity verification provider is configured for this account: kyc_verification is simulated for sandbox accounts only',
      'business',
      'kycVerification',
    ),
  /** An identity document sent for a cardholder whose review already succeeded. */
  documentDuplicated: () => cardholderError('document_duplicated', 'document already successfully reviewed', 'business', 'identity'),
});
