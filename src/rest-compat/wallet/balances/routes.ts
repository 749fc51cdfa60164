import type { FastifyInstance } from 'fastify';
import { balanceList, balanceTransactionList, getBalance } from '../../../domain/wallet/balances/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { balanceTransactionFilterWire } from './wire';
import { toRestBalance, toRestBalanceTransaction } from './present';
import { restBalance, restBalanceTransaction } from './schemas';

/** BT1 list balances, BT2 retrieve a balance, BT3 balance transactions (account-center family). */
export function registerBalancesRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'balances' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/balances',
    summary: 'List balances, one per currency, by currency code',
    ...listRoute(balanceList, toRestBalance, restBalance),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/balances/transactions',
    summary: 'List balance transactions (wallet movements), newest first',
    ...listRoute(balanceTransactionList, toRestBalanceTransaction, restBalanceTransaction, balanceTransactionFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/balances/:currency',
    summary: 'Retrieve the balance in one currency (zero for a supported currency never used)',
    response: restBalance,
    handler: async (ctx, { params }) => ({ body: toRestBalance(await getBalance(ctx, params.currency ?? '')) }),
  });
}
