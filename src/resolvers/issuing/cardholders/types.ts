import { CountryCodeScalar } from '../../shared/scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { CARDHOLDER_STATUSES, DOCUMENT_TYPES, GENDERS, IDENTITY_TYPES, IDV_STATUSES, KYC_METHODS, REVIEW_STATUSES } from '../../../domain/issuing/cardholders/rules';
import type { CardholderView } from '../../../domain/issuing/cardholders/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { Node, rowNode } from '../../shared/node';
import { cardholdersByIds } from '../../../domain/issuing/cardholders/queries';

export const CardholderStatusEnum = enumFrom('CardholderStatus', CARDHOLDER_STATUSES, 'SUCCESS without an identity check; PENDING while one runs; then SUCCESS or FAILED');
export const ReviewStatusEnum = enumFrom('CardholderReviewStatus', REVIEW_STATUSES);
export const IdvStatusEnum = enumFrom('CardholderIdvStatus', IDV_STATUSES);
export const GenderEnum = enumFrom('Gender', GENDERS);
export const KycMethodEnum = enumFrom('KycMethod', KYC_METHODS, 'THIRD_PARTY: checked on the clock; SUMSUB_REDIRECT / IDVPROVIDER_REDIRECT: the IDV page');
const IdentityTypeEnum = enumFrom('CardholderIdentityType', IDENTITY_TYPES);
const DocumentTypeEnum = enumFrom('CardholderDocumentType', DOCUMENT_TYPES, "The format of a cardholder's document");

@ObjectType('CardholderResidentialAddress')
export class ResidentialAddress {
  @Field(() => CountryCodeScalar) country!: string;
  @Field(() => String) city!: string;
  @Field(() => String) line1!: string;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) district?: string | null;
  @Field(() => String, { nullable: true }) line2?: string | null;
  @Field(() => String, { nullable: true }) lineEn?: string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
}

@ObjectType('CardholderDeliveryAddress')
export class DeliveryAddress {
  @Field(() => CountryCodeScalar, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
  @Field(() => String, { nullable: true }) line1?: string | null;
  @Field(() => String, { nullable: true }) line2?: string | null;
}

@ObjectType('CardholderIdentity', { description: 'The identity document; its images are never returned' })
export class Identity {
  @Field(() => IdentityTypeEnum) type!: string;
  @Field(() => String) number!: string;
}

@ObjectType({ implements: Node, description: 'A cardholder (spec 2.8)' })
export class Cardholder {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => Int, { description: 'Cards of the cardholder in any status' }) numberOfCards!: number;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => CardholderStatusEnum) status!: string;
  @Field(() => ReviewStatusEnum) reviewStatus!: string;
  @Field(() => IdvStatusEnum, { nullable: true }) idvStatus!: string | null;
  @Field(() => String, { nullable: true, description: 'The IDV page while a redirect-mode check is pending' }) idvVerificationUrl!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) idvUrlExpiresAt!: string | null;
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd' }) dateOfBirth!: string | null;
  @Field(() => CountryCodeScalar) countryCode!: string;
  @Field(() => String) phoneNumber!: string;
  @Field(() => GenderEnum, { nullable: true }) gender!: string | null;
  @Field(() => String, { nullable: true }) nationality!: string | null;
  @Field(() => ResidentialAddress, { nullable: true }) residentialAddress!: ResidentialAddress | null;
  @Field(() => DeliveryAddress, { nullable: true }) deliveryAddress!: DeliveryAddress | null;
  @Field(() => Identity, { nullable: true }) identity!: Identity | null;
  @Field(() => GraphQLDateTime) createdAt!: string;
}

const camelAddress = <T extends Record<string, unknown>>(a: T | null) =>
  a ? Object.fromEntries(Object.entries(a).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v])) : null;

/** Plain JSON-safe values (mutation results are stored and replayed); the IDV link on the request's origin. */
export const toGraphQLCardholder = (origin: string) => (c: CardholderView): Cardholder => ({
  id: c.id,
  email: c.email,
  numberOfCards: c.numberOfCards,
  firstName: c.firstName,
  lastName: c.lastName,
  status: c.status,
  reviewStatus: c.reviewStatus,
  idvStatus: c.idvStatus,
  idvVerificationUrl: c.idvUrlPath ? `${origin}${c.idvUrlPath}` : null,
  idvUrlExpiresAt: c.idvUrlPath && c.idvUrlExpiresAt ? c.idvUrlExpiresAt.toISOString() : null,
  dateOfBirth: c.dateOfBirth,
  countryCode: c.countryCode,
  phoneNumber: c.phoneNumber,
  gender: c.gender,
  nationality: c.nationality,
  residentialAddress: camelAddress(c.residentialAddress) as ResidentialAddress | null,
  deliveryAddress: camelAddress(c.deliveryAddress) as DeliveryAddress | null,
  identity: c.identity,
  createdAt: c.createdAt.toISOString(),
});

export const CardholderConnection = Connection(Cardholder, 'Cardholder');

@InputType('CardholderResidentialAddressInput')
export class ResidentialAddressInput {
  @Field(() => CountryCodeScalar) country!: string;
  @Field(() => String) city!: string;
  @Field(() => String) line1!: string;
  @Field(() => String, { nullable: true }) state?: string;
  @Field(() => String, { nullable: true }) district?: string;
  @Field(() => String, { nullable: true }) line2?: string;
  @Field(() => String, { nullable: true }) lineEn?: string;
  @Field(() => String, { nullable: true }) postalCode?: string;
}

@InputType('CardholderDeliveryAddressInput')
export class DeliveryAddressInput {
  @Field(() => CountryCodeScalar, { nullable: true }) country?: string;
  @Field(() => String, { nullable: true }) state?: string;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) postalCode?: string;
  @Field(() => String, { nullable: true }) line1?: string;
  @Field(() => String, { nullable: true }) line2?: string;
}

@InputType('CardholderIdentityInput', { description: 'An identity document; each image is base64 or the id of a file the caller uploaded (uploadFile)' })
export class IdentityInput {
  @Field(() => IdentityTypeEnum) type!: string;
  @Field(() => String) number!: string;
  @Field(() => String, { nullable: true }) frontFile?: string;
  @Field(() => String, { nullable: true, description: 'Required for ID_CARD' }) backFile?: string;
  @Field(() => String, { nullable: true, description: 'Required for PASSPORT' }) handFile?: string;
}

@InputType('KycVerificationInput')
export class KycVerificationInput {
  @Field(() => KycMethodEnum) method!: string;
}

@InputType({ description: 'A new cardholder (CI14)' })
export class CreateCardholderInput {
  @Field(() => String) email!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => CountryCodeScalar, { nullable: true, description: 'Required (missing_country_code in redirect mode)' }) countryCode?: string;
  @Field(() => String) phoneNumber!: string;
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd; 18 or older' }) dateOfBirth?: string;
  @Field(() => GenderEnum, { nullable: true }) gender?: string;
  @Field(() => String, { nullable: true }) nationality?: string;
  @Field(() => ResidentialAddressInput, { nullable: true }) residentialAddress?: ResidentialAddressInput;
  @Field(() => DeliveryAddressInput, { nullable: true }) deliveryAddress?: DeliveryAddressInput;
  @Field(() => IdentityInput, { nullable: true }) identity?: IdentityInput;
  @Field(() => DocumentTypeEnum, { nullable: true }) documentType?: string;
  @Field(() => String, { nullable: true, description: 'base64' }) document?: string;
  @Field(() => KycVerificationInput, { nullable: true }) kycVerification?: KycVerificationInput;
}

@InputType({ description: 'Changes to a cardholder (CI17); absent fields are kept' })
export class UpdateCardholderInput {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => CountryCodeScalar, { nullable: true }) countryCode?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string;
  @Field(() => String, { nullable: true }) dateOfBirth?: string;
  @Field(() => GenderEnum, { nullable: true }) gender?: string;
  @Field(() => String, { nullable: true }) nationality?: string;
  @Field(() => ResidentialAddressInput, { nullable: true }) residentialAddress?: ResidentialAddressInput;
  @Field(() => DeliveryAddressInput, { nullable: true }) deliveryAddress?: DeliveryAddressInput;
  @Field(() => IdentityInput, { nullable: true }) identity?: IdentityInput;
  @Field(() => DocumentTypeEnum, { nullable: true }) documentType?: string;
  @Field(() => String, { nullable: true }) document?: string;
  @Field(() => KycVerificationInput, { nullable: true }) kycVerification?: KycVerificationInput;
}

@InputType({ description: 'Filters of cardholders' })
export class CardholderFilter {
  @Field(() => CardholderStatusEnum, { nullable: true })
  status?: string;
}

/** Cardholder as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const cardholderNode = rowNode({ kind: 'cardholder', type: Cardholder, find: cardholdersByIds, map: (holder, deps) => toGraphQLCardholder(deps.origin)(holder) });
