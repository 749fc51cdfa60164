import { additionalDocumentsFilter } from '../../../domain/onboarding/accounts/additional-documents';
import { wireCommand } from '../../shared/command';

/** AF5's query string: country, business_code, entity_type. */
export const additionalDocumentsWire = wireCommand(additionalDocumentsFilter);
