import type { FastifyInstance } from 'fastify';
import { createSubAccount } from '../../src/domain/onboarding/accounts/service';
import { platformErrors } from '../../src/platform/errors/platform-errors';
import { Permission } from '../../src/platform/auth/permissions';
import type { AppServices } from '../../src/services';
import { registerRoute } from '../../src/rest-compat/route';
import { toRestAccount } from '../../src/rest-compat/onboarding/accounts/present';

/**
 * Probe routes that exist only in tests: they run through the real pipeline (authentication,
 * tenancy, idempotency, envelopes) with a real, countable effect — a sub-account insert — so the
 * platform layers are tested before business areas exist. One per family.
 */
export function registerProbeRoutes(app: FastifyInstance, services: AppServices): void {
  const effect = async (ctx: Parameters<Parameters<typeof registerRoute>[2]['handler']>[0], body: unknown) => {
    const b = (body ?? {}) as { name?: unknown; fail?: unknown };
    if (b.fail === 'unexpected') throw new Error('boom: relation "secret_table" does not exist');
    if (b.fail === 'domain') throw platformErrors.ipNotAllowed();
    const sub = await createSubAccount(ctx, ctx.principal.accountId, { name: String(b.name ?? 'probe') });
    return { body: toRestAccount(sub) };
  };
  registerRoute(app, services, {
    method: 'POST', path: '/v1/probe/effects', family: 'account_center', tag: 'probe', summary: 'probe (AC, key required)',
    idempotency: 'required', handler: (ctx, { body }) => effect(ctx, body),
  });
  registerRoute(app, services, {
    method: 'POST', path: '/v1/probe/other_effects', family: 'account_center', tag: 'probe', summary: 'probe (AC, second endpoint)',
    idempotency: 'required', handler: (ctx, { body }) => effect(ctx, body),
  });
  registerRoute(app, services, {
    method: 'POST', path: '/v2/probe/payments', family: 'account_center', tag: 'probe', summary: 'probe (x-client-id required)',
    clientId: 'required', idempotency: 'optional', handler: (ctx, { body }) => effect(ctx, body),
  });
  registerRoute(app, services, {
    method: 'POST', path: '/v1/issuing/probe/effects', family: 'issuance', tag: 'probe', summary: 'probe (issuance, key required)',
    idempotency: 'required', handler: (ctx, { body }) => effect(ctx, body),
  });
  registerRoute(app, services, {
    method: 'GET', path: '/v1/issuing/probe/secure', family: 'issuance', tag: 'probe', summary: 'probe (permission)',
    permission: Permission.SensitiveCardDetails, handler: async (ctx) => ({ body: { account_id: ctx.acting.id } }),
  });
  registerRoute(app, services, {
    method: 'GET', path: '/v1/issuing/probe/whoami', family: 'issuance', tag: 'probe', summary: 'probe (issuance read)',
    handler: async (ctx) => ({ body: { account_id: ctx.acting.id } }),
  });
}
