import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { TestClockView } from '../../../domain/developers/sandbox/test-clocks';

@InputType({ description: 'Exactly one of seconds or to' })
export class AdvanceTestClockInput {
  @Field(() => Int, { nullable: true })
  seconds?: number;

  @Field(() => GraphQLDateTime, { nullable: true })
  to?: Date;
}

@ObjectType({ description: "A sandbox tree's frozen time" })
export class TestClock {
  @Field(() => ID)
  rootAccountId!: string;

  @Field(() => GraphQLDateTime)
  frozenTime!: string;

  @Field(() => Int, { description: 'Transitions that fell due and ran during this advance' })
  transitionsRun!: number;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLTestClock = (c: TestClockView): TestClock => ({
  rootAccountId: c.rootAccountId,
  frozenTime: c.frozenTime.toISOString(),
  transitionsRun: c.transitionsRun,
});
