import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { readTestClock, rootOf, type TestClockView } from '../../../domain/developers/sandbox/test-clocks';
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

/** The test clock has no row id of its own but its tree's root: TestClock:<root account id>, the caller's tree's only. */
export const testClockNode = derivedNode({
  kind: 'test_clock',
  type: TestClock,
  owns: (ctx, id) => derivedIdParts('TestClock', id, 1)?.[0] === rootOf(ctx.acting),
  find: (ctx, ids) => oneByOne(ids, () => readTestClock(ctx)),
  map: toGraphQLTestClock,
});
