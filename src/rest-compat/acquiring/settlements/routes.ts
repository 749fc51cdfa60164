import type { FastifyInstance } from 'fastify';
import { settlementList } from '../../../domain/acquiring/settlements/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { settlementFilterWire } from './wire';
import { toRestSettlement } from './present';
import { restSettlement } from './schemas';

/**
 * PA11 list settlements. The spec's reference marks x-idempotency-key as required on this GET, but
 * the official Python client never sends the key on a GET: a missing key is accepted, a sent one is
 * applied as on every other route (docs/decisions/platform/idempotency.md).
 */
export function registerSettlementsRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    family: 'account_center',
    tag: 'settlements',
    clientId: 'required',
    method: 'GET',
    path: '/v2/payment/settlements',
    summary: 'List settlement items, newest settlement first',
    idempotency: 'optional',
    ...listRoute(settlementList, toRestSettlement, restSettlement, settlementFilterWire),
  });
}
