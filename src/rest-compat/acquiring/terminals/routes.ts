import type { FastifyInstance } from 'fastify';
import { issueTerminalPinKey, registerTerminal } from '../../../domain/acquiring/terminals/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestTerminal, toRestTerminalPinKey } from './present';
import { pinKeyWire, registerTerminalWire } from './wire';
import { restTerminal, restTerminalPinKey } from './schemas';

/**
 * The official clients' payment.terminals (account-center family, /v2, x-client-id as on every
 * payment resource): register a POS terminal, and fetch its PIN key.
 */
export function registerTerminalRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'terminals', clientId: 'required' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/terminal/register',
    summary: 'Register a POS terminal (the same manufacturer serial answers its registration again)',
    body: registerTerminalWire.schema,
    names: registerTerminalWire.names,
    response: restTerminal,
    handler: async (ctx, { body }) => ({ body: toRestTerminal(await registerTerminal(ctx, registerTerminalWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/terminal/getPinKey',
    summary: "The terminal's PIN key, wrapped in the caller's AES key (prv_key); valid a day",
    // A retry needs no idempotency: while the key is valid every call answers the same key.
    idempotency: 'none',
    body: pinKeyWire.schema,
    names: pinKeyWire.names,
    response: restTerminalPinKey,
    handler: async (ctx, { body }) => ({
      body: toRestTerminalPinKey(await issueTerminalPinKey(ctx, services.cardDataKeys, pinKeyWire.toCommand(body))),
    }),
  });
}
