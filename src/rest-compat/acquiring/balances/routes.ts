import type { FastifyInstance } from 'fastify';
import { getPaymentBalance, paymentBalanceList } from '../../../domain/acquiring/balances/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestPaymentBalance } from './present';
import { restPaymentBalance } from './schemas';

/** PA14 list and PA15 retrieve payment balances (account-center family, x-client-id required). */
export function registerPaymentBalanceRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'payment balances', clientId: 'required' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/balances',
    summary: 'List payment balances, one per currency',
    ...listRoute(paymentBalanceList, toRestPaymentBalance, restPaymentBalance),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/balances/:currency',
    summary: 'Retrieve the payment balance in one currency (zero for a supported currency never used)',
    response: restPaymentBalance,
    handler: async (ctx, { params }) => ({ body: toRestPaymentBalance(await getPaymentBalance(ctx, params.currency)) }),
  });
}
