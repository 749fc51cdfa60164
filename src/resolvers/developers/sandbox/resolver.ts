import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { advanceTestClock } from '../../../domain/developers/sandbox/test-clocks';
import type { GraphQLContext } from '../../context';
import { mutation } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { AdvanceTestClockInput, TestClock, toGraphQLTestClock } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { sandboxErrors } from '../../../domain/developers/sandbox/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const SandboxUserError = areaUserError('Sandbox', [sandboxErrors, testClockErrors]);
const AdvanceTestClockPayload = payloadType('AdvanceTestClockPayload', 'testClock', () => TestClock, SandboxUserError);

@Resolver()
export class SimulationResolver {
  @Mutation(() => AdvanceTestClockPayload, { description: "Advances the sandbox tree's test clock and runs what falls due" })
  advanceTestClock(@Arg('input', () => AdvanceTestClockInput) input: AdvanceTestClockInput, @Ctx() gctx: GraphQLContext) {
    const wire = commandInput(input);
    return mutation(gctx, { field: 'advanceTestClock', payload: AdvanceTestClockPayload, family: 'account_center', input: wire }, advanceTestClock, toGraphQLTestClock);
  }
}
