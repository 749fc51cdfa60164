import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The transfers area's REST-compat routes (filled in as the area lands). */
export function registerTransfersRoutes(_app: FastifyInstance, _services: AppServices): void {}
