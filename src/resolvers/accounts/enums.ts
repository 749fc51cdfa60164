import { registerEnumType } from 'type-graphql';
import { ACCOUNT_STATUSES, BUSINESS_TYPES, ENTITY_TYPES, VERIFICATION_STATUSES } from '../../domain/accounts/rules';
import { enumOf } from '../shared/enums';

// GraphQL enums built from the domain's value sets (spec 3.1), so the two never disagree.

export const EntityTypeEnum = enumOf(ENTITY_TYPES);
export const BusinessTypeEnum = enumOf(BUSINESS_TYPES);
export const AccountStatusEnum = enumOf(ACCOUNT_STATUSES);
export const VerificationStatusEnum = enumOf(VERIFICATION_STATUSES);

registerEnumType(EntityTypeEnum, { name: 'EntityType' });
registerEnumType(BusinessTypeEnum, { name: 'BusinessType' });
registerEnumType(AccountStatusEnum, { name: 'AccountStatus', description: 'ACTIVE, PROCESSING (under review), INACTIVE, CLOSED' });
registerEnumType(VerificationStatusEnum, { name: 'VerificationStatus' });
