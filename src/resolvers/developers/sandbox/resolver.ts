import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { advanceTestClock, getTestClock } from '../../../domain/developers/sandbox/test-clocks';
import type { GraphQLContext } from '../../context';
import { mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { AdvanceTestClockInput, TestClock, TestClockState, toGraphQLTestClock, toGraphQLTestClockState } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { sandboxErrors } from '../../../domain/developers/sandbox/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const SandboxUserError = areaUserError('Sandbox', [sandboxErrors, testClockErrors]);
const AdvanceTestClockPayload = payloadType('AdvanceTestClockPayload', 'testClock', () => TestClock, SandboxUserError);

@Resolver()
export class SimulationResolver {
  @Query(() => TestClockState, { description: "The sandbox tree's test clock: whether it is frozen, and the tree's time now (sandbox accounts only)" })
  testClock(@Ctx() gctx: GraphQLContext): Promise<TestClockState> {
    return query(gctx, (ctx) => getTestClock(ctx), toGraphQLTestClockState);
  }

  @Mutation(() => AdvanceTestClockPayload, { description: "Advances the sandbox tree's test clock and runs what falls due" })
  advanceTestClock(@Arg('input', () => AdvanceTestClockInput) input: AdvanceTestClockInput, @Ctx() gctx: GraphQLContext) {
    const wire = commandInput(input);
    return mutation(gctx, { field: 'advanceTestClock', payload: AdvanceTestClockPayload, family: 'account_center', input: wire }, advanceTestClock, toGraphQLTestClock);
  }
}
