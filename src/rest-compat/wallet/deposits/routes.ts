import type { FastifyInstance } from 'fastify';
import { depositList, getDeposit } from '../../../domain/wallet/deposits/queries';
import { simulateDeposit } from '../../../domain/wallet/deposits/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { depositFilterWire, simulateDepositWire } from './wire';
import { toRestDeposit } from './present';
import { restDeposit } from './schemas';

/** SI1 simulate a deposit (spec 4.5), BT4 list deposits, BT5 retrieve a deposit (account-center family). */
export function registerDepositsRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'deposits' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/simulation/deposit',
    tag: 'simulation',
    summary: 'Simulate an incoming deposit into the acting account (sandbox)',
    idempotency: 'required',
    body: simulateDepositWire.schema,
    names: simulateDepositWire.names,
    response: restDeposit,
    // Spec 4.5: REST sends amount as a JSON number (GraphQL as a Decimal string).
    handler: async (ctx, { body }) => ({ body: toRestDeposit(await simulateDeposit(ctx, simulateDepositWire.toCommand(body), { amountAs: 'number' })) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/deposit',
    summary: 'List deposits, newest first',
    ...listRoute(depositList, toRestDeposit, restDeposit, depositFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/deposit/:id',
    summary: 'Retrieve a deposit',
    response: restDeposit,
    handler: async (ctx, { params }) => ({ body: toRestDeposit(await getDeposit(ctx, params.id ?? '')) }),
  });
}
