import type { FastifyInstance } from 'fastify';
import { getIssuingBalance, issuingBalanceList, issuingBalanceTransactionList } from '../../../domain/issuing/balances/queries';
import { fundIssuingBalance } from '../../../domain/issuing/transfers/service';
import type { AppServices } from '../../../services';
import { toRestIssuingTransfer } from '../transfers/present';
import { restIssuingTransfer } from '../transfers/schemas';
import { registerRoute } from '../../route';
import { fundingWire, issuingTransactionFilterWire } from './wire';
import { listRoute } from '../../shared/list';
import { toRestIssuingBalance, toRestIssuingBalanceTransaction } from './present';
import { restIssuingBalance, restIssuingBalanceRequest, restIssuingBalanceTransaction } from './schemas';

/** CI19, CI20, CI21 and payrail's funding extension (transfer_in, transfer_out), card-issuance family. */
export function registerIssuingBalanceRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/balances',
    summary: 'List issuing balances, one per issuing currency (SGD, USD)',
    ...listRoute(issuingBalanceList, toRestIssuingBalance, restIssuingBalance),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/balances',
    summary: 'Retrieve the issuing balance in one currency',
    body: restIssuingBalanceRequest,
    response: restIssuingBalance,
    handler: async (ctx, { body }) => ({ body: toRestIssuingBalance(await getIssuingBalance(ctx, body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/balances/transactions',
    summary: 'List the movements of the issuing balances, newest first',
    ...listRoute(issuingBalanceTransactionList, toRestIssuingBalanceTransaction, restIssuingBalanceTransaction, issuingTransactionFilterWire),
  });
  for (const direction of ['in', 'out'] as const) {
    registerRoute(app, services, {
      ...base,
      method: 'POST',
      path: `/v1/issuing/balances/transfer_${direction}`,
      summary:
        direction === 'in'
          ? 'payrail extension: move money from the wallet to the issuing balance of one currency'
          : 'payrail extension: move money from the issuing balance back to the wallet',
      body: fundingWire.schema,
      names: fundingWire.names,
      response: restIssuingTransfer,
      handler: async (ctx, { body }) => ({ body: toRestIssuingTransfer(await fundIssuingBalance(ctx, direction, fundingWire.toCommand(body))) }),
    });
  }
}
