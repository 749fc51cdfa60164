import type { FastifyInstance } from 'fastify';
import { virtualAccountList } from '../../../domain/wallet/virtual-accounts/queries';
import { isApplicationRequest } from '../../../domain/wallet/virtual-accounts/rules';
import { openOrApplyForVirtualAccount } from '../../../domain/wallet/virtual-accounts/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestVirtualAccount, toRestVirtualAccountCreation } from './present';
import { applicationWire } from '../../onboarding/virtual-account-applications/wire';
import { openVirtualAccountWire } from './wire';
import { restVirtualAccount, restVirtualAccountCreation, virtualAccountCreationBody } from './schemas';

/** BT14 open a virtual account, BT15 list virtual accounts (account-center family). */
export function registerVirtualAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'virtual accounts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/virtual/accounts',
    summary:
      "Open a virtual account: a receiving bank account number in one currency (sandbox); with a country, the official clients' application",
    idempotency: 'optional',
    // The official clients' application contract takes an opaque key of up to 64 characters.
    opaqueIdempotencyKey: isApplicationRequest,
    body: virtualAccountCreationBody,
    // Either body's errors name its fields in the domain's names; the wire's are snake_case.
    names: applicationWire.names,
    response: restVirtualAccountCreation,
    handler: async (ctx, { body }) => ({
      body: toRestVirtualAccountCreation(await openOrApplyForVirtualAccount(ctx, isApplicationRequest(body) ? applicationWire.toCommand(body) : openVirtualAccountWire.toCommand(body))),
    }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/virtual/accounts',
    summary: 'List virtual accounts, in the order they were opened',
    ...listRoute(virtualAccountList, toRestVirtualAccount, restVirtualAccount),
  });
}
