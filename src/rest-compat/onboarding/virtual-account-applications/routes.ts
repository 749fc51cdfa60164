import type { FastifyInstance } from 'fastify';
import { applicationList, getApplication } from '../../../domain/onboarding/virtual-account-applications/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestApplication, toRestApplicationSummary } from './present';
import { restApplicationEnvelope, restApplicationSummary } from './schemas';
import { applicationFilterWire } from './wire';

/**
 * The official clients' virtual account applications (account-center family, as BT14/BT15): list
 * and retrieve. An application is made by POST /v1/virtual/accounts with the clients' body.
 */
export function registerVirtualAccountApplicationRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'virtual accounts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/virtual/applications',
    summary: 'List virtual account applications, newest first',
    ...listRoute(applicationList, toRestApplicationSummary, restApplicationSummary, applicationFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/virtual/applications/:id',
    summary: 'Retrieve a virtual account application with the accounts it had issued',
    response: restApplicationEnvelope,
    handler: async (ctx, { params }) => ({ body: { data: toRestApplication(await getApplication(ctx, params.id ?? '')) } }),
  });
}
