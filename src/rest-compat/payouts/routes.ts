import type { FastifyInstance } from 'fastify';
import { getPayout, listPayoutsPage } from '../../domain/payouts/queries';
import { createPayout } from '../../domain/payouts/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestPayout, toRestPayoutResult } from './present';

/** PO1 create payout, PO2 list payouts, PO3 retrieve payout (account-center family). */
export function registerPayoutsRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'POST',
    path: '/v1/payouts',
    family: 'account_center',
    tag: 'payouts',
    summary: 'Create a payout',
    idempotency: 'required',
    handler: async (ctx, { body }) => ({ body: toRestPayoutResult(await createPayout(ctx, body)) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/payouts',
    family: 'account_center',
    tag: 'payouts',
    summary: 'List payouts',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listPayoutsPage(ctx, query), toRestPayout) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/payouts/:id',
    family: 'account_center',
    tag: 'payouts',
    summary: 'Retrieve a payout',
    handler: async (ctx, { params }) => ({ body: toRestPayout(await getPayout(ctx, params.id ?? '')) }),
  });
}
