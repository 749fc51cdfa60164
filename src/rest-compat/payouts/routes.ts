import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The payouts area's REST-compat routes (filled in as the area lands). */
export function registerPayoutsRoutes(_app: FastifyInstance, _services: AppServices): void {}
