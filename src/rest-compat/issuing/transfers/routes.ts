import type { FastifyInstance } from 'fastify';
import { getIssuingTransfer } from '../../../domain/issuing/transfers/queries';
import { createIssuingTransferWire } from './wire';
import { createIssuingTransfer } from '../../../domain/issuing/transfers/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestIssuingTransfer, toRestIssuingTransferRef } from './present';
import { restIssuingTransfer, restIssuingTransferRef } from './schemas';

/** CI24 and CI25, card-issuance family. */
export function registerIssuingTransferRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/transfers',
    summary: 'Move money between two issuing balances of one account tree',
    body: createIssuingTransferWire.schema,
    names: createIssuingTransferWire.names,
    response: restIssuingTransferRef,
    handler: async (ctx, { body }) => ({ body: toRestIssuingTransferRef(await createIssuingTransfer(ctx, createIssuingTransferWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/transfers/:id',
    summary: 'Retrieve an issuing transfer',
    response: restIssuingTransfer,
    handler: async (ctx, { params }) => ({ body: toRestIssuingTransfer(await getIssuingTransfer(ctx, params.id ?? '')) }),
  });
}
