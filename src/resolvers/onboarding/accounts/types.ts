import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { AdditionalDocument as DomainAdditionalDocument } from '../../../domain/onboarding/accounts/additional-documents';
import { GraphQLDateTime } from 'graphql-scalars';
import type { AccountView } from '../../../domain/onboarding/accounts/view';
import { Connection } from '../../shared/connection';
import { AccountStatusEnum, BusinessTypeEnum, EntityTypeEnum, VerificationStatusEnum } from './enums';
import { Node, rowNode } from '../../shared/node';
import { accountsVisibleTo } from '../../../domain/onboarding/accounts/queries';

@ObjectType({ implements: Node, description: 'An entity: a master account or one of its connected sub-accounts' })
export class Account {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => EntityTypeEnum)
  entityType!: string;

  @Field(() => [BusinessTypeEnum])
  businessTypes!: string[];

  @Field(() => AccountStatusEnum)
  status!: string;

  @Field(() => VerificationStatusEnum)
  verificationStatus!: string;

  @Field(() => String, { nullable: true, description: 'Why verification ended REJECT, RETURN or EXPIRED' })
  reviewReason!: string | null;

  @Field(() => Boolean)
  isSandbox!: boolean;

  @Field(() => ID, { nullable: true })
  parentId!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLAccount = (a: AccountView): Account => ({
  id: a.id,
  shortReferenceId: a.shortReferenceId,
  name: a.name,
  entityType: a.entityType,
  businessTypes: a.businessTypes,
  status: a.status,
  verificationStatus: a.verificationStatus,
  reviewReason: a.reviewReason,
  isSandbox: a.isSandbox,
  parentId: a.parentId,
  createdAt: a.createdAt.toISOString(),
});

export const AccountConnection = Connection(Account, 'Account');

@InputType({ description: 'A connected sub-account of the calling master account' })
export class CreateSubAccountInput {
  @Field(() => String)
  name!: string;

  @Field(() => EntityTypeEnum, { nullable: true, description: 'Defaults to COMPANY' })
  entityType?: string;

  @Field(() => [BusinessTypeEnum], { nullable: true, description: "Defaults to the master's business types" })
  businessTypes?: string[];
}

@ObjectType({ description: 'AF5: a document an account of that kind provides' })
export class AdditionalDocument {
  @Field(() => String) profileKey!: string;
  @Field(() => String) profileName!: string;
  @Field(() => Int, { description: '1 required, 0 optional' }) profileOption!: number;
}

export const toGraphQLAdditionalDocument = (d: DomainAdditionalDocument): AdditionalDocument => ({
  profileKey: d.profileKey,
  profileName: d.profileName,
  profileOption: d.profileOption,
});

/** Account as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const accountNode = rowNode({ kind: 'account', type: Account, find: accountsVisibleTo, map: toGraphQLAccount });
