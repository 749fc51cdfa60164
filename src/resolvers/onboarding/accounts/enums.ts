import { ACCOUNT_STATUSES, BUSINESS_TYPES, ENTITY_TYPES, VERIFICATION_STATUSES } from '../../../domain/onboarding/accounts/rules';
import { enumFrom } from '../../shared/enums';

// GraphQL enums built from the domain's value sets (spec 3.1), so the two never disagree.

export const EntityTypeEnum = enumFrom('EntityType', ENTITY_TYPES);
export const BusinessTypeEnum = enumFrom('BusinessType', BUSINESS_TYPES);
export const AccountStatusEnum = enumFrom('AccountStatus', ACCOUNT_STATUSES, 'ACTIVE, PROCESSING (under review), INACTIVE, CLOSED');
export const VerificationStatusEnum = enumFrom('VerificationStatus', VERIFICATION_STATUSES);

