import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { beneficiaryList, checkBeneficiary, getBeneficiary, listPaymentMethods } from '../../../domain/wallet/beneficiaries/queries';
import { paymentMethodsQuery } from '../../../domain/wallet/beneficiaries/rules';
import { createBeneficiary, deleteBeneficiary, updateBeneficiary } from '../../../domain/wallet/beneficiaries/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestBeneficiary, toRestBeneficiaryCheck, toRestBeneficiaryRef, toRestPaymentMethod } from './present';
import {
  restBeneficiary,
  restBeneficiaryCheck,
  restBeneficiaryDeleted,
  restBeneficiaryRef,
  restPaymentMethods,
} from './schemas';
import { beneficiaryFilterWire, checkBeneficiaryWire, createBeneficiaryWire, updateBeneficiaryWire } from './wire';

/** PO4-PO10 (account-center family). The static paths /check and /paymentmethods win over /{id}. */
export function registerBeneficiariesRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'beneficiaries' } as const;

  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/beneficiaries',
    summary: 'Create a beneficiary',
    idempotency: 'required',
    body: createBeneficiaryWire.schema,
    names: createBeneficiaryWire.names,
    response: restBeneficiaryRef,
    handler: async (ctx, { body }) => ({ body: toRestBeneficiaryRef(await createBeneficiary(ctx, createBeneficiaryWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/beneficiaries',
    summary: 'List beneficiaries, newest first',
    ...listRoute(beneficiaryList, toRestBeneficiary, restBeneficiary, beneficiaryFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/beneficiaries/check',
    summary: 'Check a beneficiary',
    body: checkBeneficiaryWire.schema,
    names: checkBeneficiaryWire.names,
    response: restBeneficiaryCheck,
    handler: async (ctx, { body }) => ({ body: toRestBeneficiaryCheck(await checkBeneficiary(ctx, checkBeneficiaryWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/beneficiaries/paymentmethods',
    summary: 'List the payment methods for a currency and a bank country',
    query: [paymentMethodsQuery],
    response: restPaymentMethods,
    handler: async (_ctx, { query }) => ({ body: listPaymentMethods(query).map(toRestPaymentMethod) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/beneficiaries/:id',
    summary: 'Retrieve a beneficiary',
    response: restBeneficiary,
    handler: async (ctx, { params }) => ({ body: toRestBeneficiary(await getBeneficiary(ctx, params.id ?? '')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/beneficiaries/:id',
    summary: 'Update a beneficiary',
    body: updateBeneficiaryWire.schema,
    names: updateBeneficiaryWire.names,
    response: restBeneficiaryRef,
    handler: async (ctx, { params, body }) => ({
      body: toRestBeneficiaryRef(await updateBeneficiary(ctx, params.id ?? '', updateBeneficiaryWire.toCommand(body))),
    }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/beneficiaries/:id/delete',
    summary: 'Delete a beneficiary',
    // Ref sends {} as the body of a POST without parameters (catalogue 6.5); nothing in it is read.
    body: z.object({}).describe('an empty object'),
    response: restBeneficiaryDeleted,
    handler: async (ctx, { params }) => {
      await deleteBeneficiary(ctx, params.id ?? '');
      return { body: {} };
    },
  });
}
