import type { FastifyInstance } from 'fastify';
import { getTransfer, transferList } from '../../../domain/wallet/transfers/queries';
import { createTransfer } from '../../../domain/wallet/transfers/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestTransfer, toRestTransferResult } from './present';
import { restTransfer, restTransferResult } from './schemas';
import { createTransferWire, transferFilterWire } from './wire';

/** BT6 create a transfer, BT7 list transfers, BT8 retrieve a transfer (account-center family). */
export function registerTransfersRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'transfers' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/transfer',
    summary: 'Move money between two accounts of one tree',
    body: createTransferWire.schema,
    names: createTransferWire.names,
    response: restTransferResult,
    handler: async (ctx, { body }) => ({ body: toRestTransferResult(await createTransfer(ctx, createTransferWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/transfer',
    summary: 'List transfers the acting account made or is a party to, newest first',
    ...listRoute(transferList, toRestTransfer, restTransfer, transferFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/transfer/:id',
    summary: 'Retrieve a transfer',
    response: restTransfer,
    handler: async (ctx, { params }) => ({ body: toRestTransfer(await getTransfer(ctx, params.id ?? '')) }),
  });
}
