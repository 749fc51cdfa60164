import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The balances area's REST-compat routes (filled in as the area lands). */
export function registerBalancesRoutes(_app: FastifyInstance, _services: AppServices): void {}
