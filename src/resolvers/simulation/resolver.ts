import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { advanceTestClock } from '../../domain/clock/test-clocks';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';

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
  frozenTime!: Date | string;

  @Field(() => Int, { description: 'Transitions that fell due and ran during this advance' })
  transitionsRun!: number;
}

@Resolver()
export class SimulationResolver {
  @Mutation(() => TestClock, { description: "Advances the sandbox tree's test clock and runs what falls due" })
  async advanceTestClock(
    @Arg('input', () => AdvanceTestClockInput) input: AdvanceTestClockInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<TestClock> {
    const plain = { seconds: input.seconds ?? undefined, to: input.to ? new Date(input.to).toISOString() : undefined };
    return idempotentMutation(gctx, { field: 'advanceTestClock', family: 'account_center', input: plain }, async (ctx) => advanceTestClock(ctx, plain));
  }
}
