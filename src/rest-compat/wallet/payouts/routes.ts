import type { FastifyInstance } from 'fastify';
import { getPayout, payoutList } from '../../../domain/wallet/payouts/queries';
import { createPayout } from '../../../domain/wallet/payouts/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestPayout, toRestPayoutResult } from './present';
import { restPayout, restPayoutResult } from './schemas';
import { createPayoutWire, payoutFilterWire } from './wire';

/** PO1 create payout, PO2 list payouts, PO3 retrieve payout (account-center family). */
export function registerPayoutsRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'payouts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/payouts',
    summary: 'Create a payout',
    idempotency: 'required',
    body: createPayoutWire.schema,
    names: createPayoutWire.names,
    response: restPayoutResult,
    handler: async (ctx, { body }) => ({ body: toRestPayoutResult(await createPayout(ctx, createPayoutWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/payouts',
    summary: 'List payouts, newest first',
    ...listRoute(payoutList, toRestPayout, restPayout, payoutFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/payouts/:id',
    summary: 'Retrieve a payout',
    response: restPayout,
    handler: async (ctx, { params }) => ({ body: toRestPayout(await getPayout(ctx, params.id ?? '')) }),
  });
}
