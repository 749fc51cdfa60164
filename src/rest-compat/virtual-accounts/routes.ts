import type { FastifyInstance } from 'fastify';
import { virtualAccountList } from '../../domain/virtual-accounts/queries';
import { openVirtualAccountInput } from '../../domain/virtual-accounts/rules';
import { openVirtualAccount } from '../../domain/virtual-accounts/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { listRoute } from '../shared/list';
import { toRestVirtualAccount, toRestVirtualAccountOpening } from './present';
import { restVirtualAccount, restVirtualAccountOpening } from './schemas';

/** BT14 open a virtual account, BT15 list virtual accounts (account-center family). */
export function registerVirtualAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'virtual accounts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/virtual/accounts',
    summary: 'Open a virtual account: a receiving bank account number in one currency (sandbox)',
    idempotency: 'optional',
    body: openVirtualAccountInput,
    response: restVirtualAccountOpening,
    handler: async (ctx, { body }) => ({ body: toRestVirtualAccountOpening(await openVirtualAccount(ctx, body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/virtual/accounts',
    summary: 'List virtual accounts, in the order they were opened',
    ...listRoute(virtualAccountList, toRestVirtualAccount, restVirtualAccount),
  });
}
