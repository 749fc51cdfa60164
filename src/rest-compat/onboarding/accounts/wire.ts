import { z } from 'zod';
import { additionalDocumentsFilter } from '../../../domain/onboarding/accounts/additional-documents';
import { companyAccount, individualAccount } from '../../../domain/onboarding/accounts/onboarding-rules';
import { resubmissionCommand } from '../../../domain/onboarding/accounts/resubmission';
import { createSubAccountCommand } from '../../../domain/onboarding/accounts/sub-account-rules';
import { wireCommand, type WireCommand } from '../../shared/command';

/** AF5's query string: country, business_code, entity_type. */
export const additionalDocumentsWire = wireCommand(additionalDocumentsFilter);

/** AF1's blocks: snake_case at every depth (`person_details.identification.documents[0].front_file_id`). */
const INDIVIDUAL_BLOCKS = ['contactDetails', 'documents', 'tosAcceptance', 'personDetails', 'residentialAddress'];
const COMPANY_BLOCKS = ['contactDetails', 'documents', 'tosAcceptance', 'businessDetails', 'registrationAddress', 'businessAddress', 'representatives'];
const individualWire = wireCommand(individualAccount, { deep: INDIVIDUAL_BLOCKS });
const companyWire = wireCommand(companyAccount, { deep: COMPANY_BLOCKS });
/** Either body's members, renamed alike: the domain reads entity_type first, then the body it decides. */
const eitherWire = wireCommand(individualAccount.extend(companyAccount.shape), { deep: [...new Set([...INDIVIDUAL_BLOCKS, ...COMPANY_BLOCKS])] });

/** AF1's body, INDIVIDUAL or COMPANY. */
export const createAccountWire: WireCommand = {
  names: eitherWire.names,
  schema: z.discriminatedUnion('entity_type', [individualWire.schema as z.ZodObject, companyWire.schema as z.ZodObject]),
  toCommand: eitherWire.toCommand,
};

/**
 * AF2's onboarding form: snake_case at every depth. business_details is free-form, passed on as
 * sent (the domain stores it in the wire's names).
 */
export const createSubAccountWire = wireCommand(createSubAccountCommand, {
  deep: [
    'tosAcceptance', 'companyInfo', 'companyAddress', 'individualInfo', 'identityVerification', 'ownershipDetails',
    'expectedActivity', 'proofDocuments', 'additionalDocuments',
  ],
});

/** The resubmission's body: AF1's documents again. */
export const resubmissionWire = wireCommand(resubmissionCommand, { deep: ['documents'] });
