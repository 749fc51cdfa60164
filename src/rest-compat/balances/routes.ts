import type { FastifyInstance } from 'fastify';
import { getBalance, listBalances, listBalanceTransactions } from '../../domain/balances/queries';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestBalance, toRestBalanceTransaction } from './present';

/** BT1 list balances, BT2 retrieve a balance, BT3 balance transactions (account-center family). */
export function registerBalancesRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/balances',
    family: 'account_center',
    tag: 'balances',
    summary: 'List balances',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listBalances(ctx, query), toRestBalance) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/balances/transactions',
    family: 'account_center',
    tag: 'balances',
    summary: 'List balance transactions',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listBalanceTransactions(ctx, query), toRestBalanceTransaction) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/balances/:currency',
    family: 'account_center',
    tag: 'balances',
    summary: 'Retrieve the balance in one currency',
    handler: async (ctx, { params }) => ({ body: toRestBalance(await getBalance(ctx, params.currency ?? '')) }),
  });
}
