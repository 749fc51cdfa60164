import type { FastifyInstance } from 'fastify';
import { advanceTestClock } from '../../../domain/developers/sandbox/test-clocks';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestTestClock } from './present';
import { restTestClock } from './schemas';
import { advanceTestClockWire } from './wire';

/**
 * Sandbox simulations. POST /v1/simulation/clock/advance is payrail's extension (not in the
 * specification): body {"seconds": N} or {"to": "<RFC 3339 time>"}.
 */
export function registerSimulationRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'POST',
    path: '/v1/simulation/clock/advance',
    family: 'account_center',
    tag: 'simulation',
    summary: "Advance the sandbox tree's test clock and run the transitions that fall due (payrail extension)",
    body: advanceTestClockWire.schema,
    names: advanceTestClockWire.names,
    response: restTestClock,
    handler: async (ctx, { body }) => ({ body: toRestTestClock(await advanceTestClock(ctx, advanceTestClockWire.toCommand(body))) }),
  });
}
