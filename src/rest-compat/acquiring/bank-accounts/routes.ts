import type { FastifyInstance } from 'fastify';
import { bankAccountList, getBankAccount } from '../../../domain/acquiring/bank-accounts/queries';
import { createBankAccount, updateBankAccount } from '../../../domain/acquiring/bank-accounts/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestBankAccount } from './present';
import { createBankAccountWire, updateBankAccountWire } from './wire';
import { restBankAccount } from './schemas';

/**
 * BA1 create, BA2 list, BA3 retrieve, BA4 update (account-center family). Every /v2 call needs the
 * caller's own x-client-id (the official client sends it on all of them); BA1 needs an
 * idempotency key (catalogue Hdr I), the others apply one when sent.
 */
export function registerBankAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'bank accounts', clientId: 'required' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment/bankaccount/create',
    summary: 'Create a settlement bank account',
    idempotency: 'required',
    body: createBankAccountWire.schema,
    names: createBankAccountWire.names,
    response: restBankAccount,
    handler: async (ctx, { body }) => ({ body: toRestBankAccount(await createBankAccount(ctx, createBankAccountWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/bankaccount',
    summary: 'List settlement bank accounts, newest first',
    ...listRoute(bankAccountList, toRestBankAccount, restBankAccount),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/bankaccount/:id',
    summary: 'Retrieve a settlement bank account',
    response: restBankAccount,
    handler: async (ctx, { params }) => ({ body: toRestBankAccount(await getBankAccount(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment/bankaccount/:id',
    summary: 'Update a settlement bank account (its currency cannot change)',
    body: updateBankAccountWire.schema,
    names: updateBankAccountWire.names,
    response: restBankAccount,
    handler: async (ctx, { params, body }) => ({ body: toRestBankAccount(await updateBankAccount(ctx, params.id ?? '', updateBankAccountWire.toCommand(body))) }),
  });
}
