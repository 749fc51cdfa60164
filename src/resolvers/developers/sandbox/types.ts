import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { readTestClock, rootOf, type TestClockStateView, type TestClockView } from '../../../domain/developers/sandbox/test-clocks';
import { derivedId, derivedIdParts, derivedNode, Node, oneByOne } from '../../shared/node';

@InputType({ description: 'Exactly one of seconds or to' })
export class AdvanceTestClockInput {
  @Field(() => Int, { nullable: true })
  seconds?: number;

  @Field(() => GraphQLDateTime, { nullable: true })
  to?: Date;
}

@ObjectType({ implements: Node, description: "A sandbox tree's frozen time" })
export class TestClock {
  @Field(() => ID, { description: 'Formed from the tree\'s root account: TestClock:<root account id>' })
  id!: string;

  @Field(() => ID)
  rootAccountId!: string;

  @Field(() => GraphQLDateTime)
  frozenTime!: string;

  @Field(() => Int, { description: 'Transitions that fell due and ran during this advance (0 when read by node)' })
  transitionsRun!: number;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLTestClock = (c: TestClockView): TestClock => ({
  id: derivedId('TestClock', c.rootAccountId),
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

/** The test clock has no row id of its own but its tree's root: TestClock:<root account id>, the caller's tree's only. */
export const testClockNode = derivedNode({
  kind: 'test_clock',
  type: TestClock,
  owns: (ctx, id) => derivedIdParts('TestClock', id, 1)?.[0] === rootOf(ctx.acting),
  find: (ctx, ids) => oneByOne(ids, () => readTestClock(ctx)),
  map: toGraphQLTestClock,
});
