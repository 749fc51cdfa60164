import type { FastifyInstance } from 'fastify';
import { getTransfer, listTransfers } from '../../domain/transfers/queries';
import { createTransfer } from '../../domain/transfers/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestTransfer, toRestTransferRef } from './present';

/** BT6 create a transfer, BT7 list transfers, BT8 retrieve a transfer (account-center family). */
export function registerTransfersRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'POST',
    path: '/v1/transfer',
    family: 'account_center',
    tag: 'transfers',
    summary: 'Move money between two accounts of one tree',
    handler: async (ctx, { body }) => ({ body: toRestTransferRef(await createTransfer(ctx, body)) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/transfer',
    family: 'account_center',
    tag: 'transfers',
    summary: 'List transfers',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listTransfers(ctx, query), toRestTransfer) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/transfer/:id',
    family: 'account_center',
    tag: 'transfers',
    summary: 'Retrieve a transfer',
    handler: async (ctx, { params }) => ({ body: toRestTransfer(await getTransfer(ctx, params.id ?? '')) }),
  });
}
