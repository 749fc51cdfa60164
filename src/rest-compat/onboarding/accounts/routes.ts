import type { FastifyInstance } from 'fastify';
import { additionalDocuments } from '../../../domain/onboarding/accounts/additional-documents';
import { createAccount } from '../../../domain/onboarding/accounts/onboarding';
import { createSubAccountFromApplication } from '../../../domain/onboarding/accounts/sub-accounts';
import { connectedAccountList, getAccount } from '../../../domain/onboarding/accounts/queries';
import { resubmitAccountDocuments } from '../../../domain/onboarding/accounts/resubmission';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestAccount, toRestAccountCreated, toRestAdditionalDocument, toRestSubAccountCreated } from './present';
import { restAccount, restAccountCreated, restAdditionalDocuments, restSubAccountCreated } from './schemas';
import { additionalDocumentsWire, createAccountWire, createSubAccountWire, resubmissionWire } from './wire';

/** AF1-AF5 (account-center family). The static paths win over /{id}. */
export function registerAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'accounts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/accounts',
    summary: 'Create an account (INDIVIDUAL or COMPANY); it starts PENDING verification',
    body: createAccountWire.schema,
    names: createAccountWire.names,
    response: restAccountCreated,
    handler: async (ctx, { body }) => ({ body: toRestAccountCreated(await createAccount(ctx, createAccountWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/accounts/create_accounts',
    summary: 'Create a connected sub-account from the onboarding form; it starts PENDING verification',
    body: createSubAccountWire.schema,
    names: createSubAccountWire.names,
    response: restSubAccountCreated,
    handler: async (ctx, { body }) => ({ body: toRestSubAccountCreated(await createSubAccountFromApplication(ctx, createSubAccountWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/accounts/get_additional',
    summary: 'The additional documents to provide, by country, business_code and entity_type (default COMPANY)',
    query: [additionalDocumentsWire.schema],
    names: additionalDocumentsWire.names,
    response: restAdditionalDocuments,
    handler: async (_ctx, { query }) => ({ body: additionalDocuments(additionalDocumentsWire.toCommand(query)).map(toRestAdditionalDocument) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/accounts',
    summary: 'List connected accounts, oldest first',
    ...listRoute(connectedAccountList, toRestAccount, restAccount),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/accounts/:id/documents',
    summary: 'Resubmit the documents of an account whose verification is RETURN; it goes back to PENDING',
    body: resubmissionWire.schema,
    names: resubmissionWire.names,
    response: restAccount,
    handler: async (ctx, { params, body }) => ({ body: toRestAccount(await resubmitAccountDocuments(ctx, params.id ?? '', resubmissionWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/accounts/:id',
    summary: 'Retrieve an account',
    response: restAccount,
    handler: async (ctx, { params }) => ({ body: toRestAccount(await getAccount(ctx, params.id ?? '')) }),
  });
}
