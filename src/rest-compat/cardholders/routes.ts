import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

export function registerCardholderRoutes(_app: FastifyInstance, _services: AppServices): void {}
