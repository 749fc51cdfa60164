import type { FastifyInstance } from 'fastify';
import {
  checkBeneficiary,
  listBeneficiaryPage,
  listPaymentMethods,
  retrieveBeneficiary,
} from '../../domain/beneficiaries/queries';
import { createBeneficiary, deleteBeneficiary, updateBeneficiary } from '../../domain/beneficiaries/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import {
  toRestBeneficiary,
  toRestBeneficiaryCheck,
  toRestBeneficiaryRef,
  toRestPaymentMethod,
} from './present';

/** PO4-PO10 (account-center family). The static paths /check and /paymentmethods win over /{id}. */
export function registerBeneficiariesRoutes(app: FastifyInstance, services: AppServices): void {
  const route = { family: 'account_center', tag: 'beneficiaries' } as const;

  registerRoute(app, services, {
    ...route,
    method: 'POST',
    path: '/v1/beneficiaries',
    summary: 'Create a beneficiary',
    idempotency: 'required',
    handler: async (ctx, { body }) => ({ body: toRestBeneficiaryRef(await createBeneficiary(ctx, body)) }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'GET',
    path: '/v1/beneficiaries',
    summary: 'List beneficiaries',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listBeneficiaryPage(ctx, query), toRestBeneficiary) }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'POST',
    path: '/v1/beneficiaries/check',
    summary: 'Check a beneficiary',
    handler: async (ctx, { body }) => ({ body: toRestBeneficiaryCheck(await checkBeneficiary(ctx, body)) }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'GET',
    path: '/v1/beneficiaries/paymentmethods',
    summary: 'List the payment methods for a currency and a bank country',
    handler: async (_ctx, { query }) => ({ body: listPaymentMethods(query).map(toRestPaymentMethod) }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'GET',
    path: '/v1/beneficiaries/:id',
    summary: 'Retrieve a beneficiary',
    handler: async (ctx, { params }) => ({ body: toRestBeneficiary(await retrieveBeneficiary(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'POST',
    path: '/v1/beneficiaries/:id',
    summary: 'Update a beneficiary',
    handler: async (ctx, { params, body }) => ({
      body: toRestBeneficiaryRef(await updateBeneficiary(ctx, params.id ?? '', body)),
    }),
  });
  registerRoute(app, services, {
    ...route,
    method: 'POST',
    path: '/v1/beneficiaries/:id/delete',
    summary: 'Delete a beneficiary',
    handler: async (ctx, { params }) => {
      await deleteBeneficiary(ctx, params.id ?? '');
      return { body: {} };
    },
  });
}
