import type { FastifyInstance } from 'fastify';
import { getRefund, refundList } from '../../../domain/acquiring/refunds/queries';
import { createRefund } from '../../../domain/acquiring/refunds/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestRefund } from './present';
import { restRefund } from './schemas';
import { createRefundWire, refundFilterWire } from './wire';

/** PA8 create, PA9 list, PA10 retrieve refunds (account-center family, /v2: x-client-id required). */
export function registerRefundsRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'refunds', clientId: 'required' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment/refunds',
    summary: 'Create a refund of a captured payment intent',
    idempotency: 'required',
    body: createRefundWire.schema,
    names: createRefundWire.names,
    response: restRefund,
    handler: async (ctx, { body }) => ({ body: toRestRefund(await createRefund(ctx, createRefundWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/refunds',
    summary: 'List refunds, newest first',
    idempotency: 'optional',
    ...listRoute(refundList, toRestRefund, restRefund, refundFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/refunds/:id',
    summary: 'Retrieve a refund',
    idempotency: 'optional',
    response: restRefund,
    handler: async (ctx, { params }) => ({ body: toRestRefund(await getRefund(ctx, params.id ?? '')) }),
  });
}
