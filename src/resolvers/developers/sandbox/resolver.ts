import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { advanceTestClock } from '../../../domain/developers/sandbox/test-clocks';
import type { GraphQLContext } from '../../context';
import { mutation } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { AdvanceTestClockInput, TestClock, toGraphQLTestClock } from './types';

@Resolver()
export class SimulationResolver {
  @Mutation(() => TestClock, { description: "Advances the sandbox tree's test clock and runs what falls due" })
  advanceTestClock(@Arg('input', () => AdvanceTestClockInput) input: AdvanceTestClockInput, @Ctx() gctx: GraphQLContext): Promise<TestClock> {
    const wire = commandInput(input);
    return mutation(gctx, { field: 'advanceTestClock', family: 'account_center', input: wire }, advanceTestClock, toGraphQLTestClock);
  }
}
