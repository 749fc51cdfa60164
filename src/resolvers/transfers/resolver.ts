import { Resolver } from 'type-graphql';

/** The transfers area's GraphQL queries and mutations (filled in as the area lands). */
@Resolver()
export class TransfersResolver {}
