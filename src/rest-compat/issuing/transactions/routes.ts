import type { FastifyInstance } from 'fastify';
import { authDecisionDeps } from '../../../domain/issuing/auth-decisions/contract';
import { simulateAuthorization } from '../../../domain/issuing/transactions/authorize';
import { cardTransactionList, getCardTransaction } from '../../../domain/issuing/transactions/queries';
import {
  cardTransactionFilterWire,
  claimUnsolicitedRefundWire,
  followUpWire,
  refundWire,
  simulateAuthorizationWire,
  simulateUnsolicitedRefundWire,
} from './wire';
import { claimUnsolicitedRefund, simulateUnsolicitedRefund } from '../../../domain/issuing/transactions/unsolicited';
import { clearCardTransaction, refundCardTransaction, simulateReversal } from '../../../domain/issuing/transactions/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestCardTransaction, toRestSimulatedTransaction } from './present';
import { restCardTransaction, restClaimResult, restSimulatedTransaction } from './schemas';

/**
 * SI2, SI3 (spec 4.7), payrail's clearing, refund and unsolicited refund simulations, CI22, CI23
 * (endpoints.md 3.5, 3.6) and the official clients' claim of an unsolicited refund, card-issuance family.
 */
export function registerCardTransactionRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance' } as const;
  const decisions = authDecisionDeps(services);
  const sim = { ...base, tag: 'simulation', method: 'POST', response: restSimulatedTransaction } as const;
  registerRoute(app, services, {
    ...sim,
    path: '/v1/simulation/issuing/authorization',
    summary: 'Simulate a card authorization: APPROVED holds the billing amount, DECLINED gives a failure_reason',
    body: simulateAuthorizationWire.schema,
    names: simulateAuthorizationWire.names,
    handler: async (ctx, { body }) => ({ body: toRestSimulatedTransaction(await simulateAuthorization(ctx, decisions, simulateAuthorizationWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...sim,
    path: '/v1/simulation/issuing/reversal',
    idempotency: 'required',
    summary: "Simulate a reversal: releases an authorization's hold, in full or `amount` of it",
    body: followUpWire.schema,
    names: followUpWire.names,
    handler: async (ctx, { body }) => ({ body: toRestSimulatedTransaction(await simulateReversal(ctx, followUpWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...sim,
    path: '/v1/simulation/issuing/clearing',
    summary: "Simulate the network's clearing of an authorization, for its held amount or another (payrail extension)",
    body: followUpWire.schema,
    names: followUpWire.names,
    handler: async (ctx, { body }) => ({ body: toRestSimulatedTransaction(await clearCardTransaction(ctx, followUpWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...sim,
    path: '/v1/simulation/issuing/refund',
    summary: 'Simulate a merchant refund of a cleared authorization back to the card (payrail extension)',
    body: refundWire.schema,
    names: refundWire.names,
    handler: async (ctx, { body }) => ({ body: toRestSimulatedTransaction(await refundCardTransaction(ctx, refundWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...sim,
    path: '/v1/simulation/issuing/unsolicited_refund',
    summary: 'Simulate a refund nobody asked for reaching a card: a PENDING REFUND, held until claimed (payrail extension)',
    body: simulateUnsolicitedRefundWire.schema,
    names: simulateUnsolicitedRefundWire.names,
    handler: async (ctx, { body }) => ({ body: toRestSimulatedTransaction(await simulateUnsolicitedRefund(ctx, simulateUnsolicitedRefundWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    tag: 'issuing',
    method: 'POST',
    path: '/v1/issuing/transactions/unsolicited_refund/release',
    summary: "Claim an unsolicited refund: it becomes APPROVED and its amount reaches the card's funds",
    body: claimUnsolicitedRefundWire.schema,
    names: claimUnsolicitedRefundWire.names,
    response: restClaimResult,
    handler: async (ctx, { body }) => {
      await claimUnsolicitedRefund(ctx, claimUnsolicitedRefundWire.toCommand(body));
      return { body: { request_status: 'SUCCESS' as const } };
    },
  });
  registerRoute(app, services, {
    ...base,
    tag: 'issuing',
    method: 'GET',
    path: '/v1/issuing/transactions',
    summary: 'List card transactions, newest first',
    ...listRoute(cardTransactionList, (v) => toRestCardTransaction(v), restCardTransaction, cardTransactionFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    tag: 'issuing',
    method: 'GET',
    path: '/v1/issuing/transactions/:id',
    summary: 'Retrieve a card transaction',
    response: restCardTransaction,
    handler: async (ctx, { params }) => ({ body: toRestCardTransaction(await getCardTransaction(ctx, params.id ?? '')) }),
  });
}
