import { Resolver } from 'type-graphql';

/** The deposits area's GraphQL queries and mutations (filled in as the area lands). */
@Resolver()
export class DepositsResolver {}
