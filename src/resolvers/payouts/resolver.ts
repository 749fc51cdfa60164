import { Resolver } from 'type-graphql';

/** The payouts area's GraphQL queries and mutations (filled in as the area lands). */
@Resolver()
export class PayoutsResolver {}
