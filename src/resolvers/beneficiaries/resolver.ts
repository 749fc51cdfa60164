import { Resolver } from 'type-graphql';

/** The beneficiaries area's GraphQL queries and mutations (filled in as the area lands). */
@Resolver()
export class BeneficiariesResolver {}
