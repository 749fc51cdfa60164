import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The fx area's REST-compat routes (filled in as the area lands). */
export function registerFxRoutes(_app: FastifyInstance, _services: AppServices): void {}
