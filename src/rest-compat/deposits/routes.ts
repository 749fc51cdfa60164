import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The deposits area's REST-compat routes (filled in as the area lands). */
export function registerDepositsRoutes(_app: FastifyInstance, _services: AppServices): void {}
