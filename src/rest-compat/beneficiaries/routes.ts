import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';

/** The beneficiaries area's REST-compat routes (filled in as the area lands). */
export function registerBeneficiariesRoutes(_app: FastifyInstance, _services: AppServices): void {}
