import { Resolver } from 'type-graphql';

/** The fx area's GraphQL queries and mutations (filled in as the area lands). */
@Resolver()
export class FxResolver {}
