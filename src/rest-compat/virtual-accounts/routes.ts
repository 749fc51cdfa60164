import type { FastifyInstance } from 'fastify';
import { listVirtualAccounts } from '../../domain/virtual-accounts/queries';
import { OPENING_MESSAGE } from '../../domain/virtual-accounts/rules';
import { openVirtualAccount } from '../../domain/virtual-accounts/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestVirtualAccount } from './present';

/** BT14 open a virtual account, BT15 list virtual accounts (account-center family). */
export function registerVirtualAccountRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'POST',
    path: '/v1/virtual/accounts',
    family: 'account_center',
    tag: 'virtual accounts',
    summary: 'Open a virtual account: a receiving bank account number in one currency (sandbox)',
    idempotency: 'optional',
    handler: async (ctx, { body }) => {
      await openVirtualAccount(ctx, body);
      return { body: { message: OPENING_MESSAGE } };
    },
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/virtual/accounts',
    family: 'account_center',
    tag: 'virtual accounts',
    summary: 'List virtual accounts',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listVirtualAccounts(ctx, query), toRestVirtualAccount) }),
  });
}
