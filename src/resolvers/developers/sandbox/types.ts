import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { TestClockStateView, TestClockView } from '../../../domain/developers/sandbox/test-clocks';

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

@ObjectType({ description: "A sandbox tree's test clock as it reads now; the master and its sub-accounts share it" })
export class TestClockState {
  @Field(() => ID, { description: "The tree's master account, whose clock this is" })
  rootAccountId!: string;

  @Field(() => Boolean, { description: 'Whether an advance has frozen the clock; until the first, it runs with real time' })
  frozen!: boolean;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'The time the clock is frozen at; null while it runs with real time' })
  frozenTime!: Date | null;

  @Field(() => GraphQLDateTime, { description: "The tree's time now: the frozen time, or real time while the clock is not frozen" })
  now!: Date;
}

export const toGraphQLTestClockState = (c: TestClockStateView): TestClockState => ({
  rootAccountId: c.rootAccountId,
  frozen: c.frozenTime !== null,
  frozenTime: c.frozenTime,
  now: c.now,
});
