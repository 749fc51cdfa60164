import type { FastifyInstance } from 'fastify';
import { settlementList } from '../../domain/settlements/queries';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { listRoute } from '../shared/list';
import { toRestSettlement } from './present';
import { restSettlement } from './schemas';

/** PA11 list settlements: the spec requires x-idempotency-key on this GET (catalogue Hdr I). */
export function registerSettlementsRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    family: 'account_center',
    tag: 'settlements',
    clientId: 'required',
    method: 'GET',
    path: '/v2/payment/settlements',
    summary: 'List settlement items, newest settlement first',
    idempotency: 'required',
    ...listRoute(settlementList, toRestSettlement, restSettlement),
  });
}
