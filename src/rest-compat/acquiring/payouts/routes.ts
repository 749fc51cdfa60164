import type { FastifyInstance } from 'fastify';
import { getPaymentPayout, paymentPayoutList } from '../../../domain/acquiring/payouts/queries';
import { createPaymentPayout } from '../../../domain/acquiring/payouts/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { createPaymentPayoutWire, paymentPayoutFilterWire } from './wire';
import { toRestPaymentPayout } from './present';
import { restPaymentPayout } from './schemas';

/** PA16 create, PA17 list, PA18 retrieve payment payouts (account-center family, x-client-id required). */
export function registerPaymentPayoutRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'payment payouts', clientId: 'required' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment/payout/create',
    summary: 'Pay out of the available payment balance to a settlement bank account or an account of the tree',
    body: createPaymentPayoutWire.schema,
    names: createPaymentPayoutWire.names,
    response: restPaymentPayout,
    handler: async (ctx, { body }) => ({ body: toRestPaymentPayout(await createPaymentPayout(ctx, createPaymentPayoutWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/payout',
    summary: 'List payment payouts, newest first',
    ...listRoute(paymentPayoutList, toRestPaymentPayout, restPaymentPayout, paymentPayoutFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/payout/:id',
    summary: 'Retrieve a payment payout',
    response: restPaymentPayout,
    handler: async (ctx, { params }) => ({ body: toRestPaymentPayout(await getPaymentPayout(ctx, params.id ?? '')) }),
  });
}
