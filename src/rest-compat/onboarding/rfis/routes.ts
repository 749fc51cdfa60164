import type { FastifyInstance } from 'fastify';
import { fileSettings } from '../../../domain/onboarding/files/settings';
import { getRfi, rfiList } from '../../../domain/onboarding/rfis/queries';
import { answerRfi } from '../../../domain/onboarding/rfis/service';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestRfi } from './present';
import { restRfi } from './schemas';
import { answerRfiWire, rfiFilterWire } from './wire';

/**
 * The official clients' RFIs (account-center family, as the account calls): the compliance team's
 * requests for information about an account, listed, read and answered. /v1/rfis/answer is a
 * static path and wins over /v1/rfis/{id}.
 */
export function registerRfiRoutes(app: FastifyInstance, services: AppServices): void {
  const originOf = linkOrigin(services.config);
  const base = { family: 'account_center', tag: 'accounts' } as const;
  const settings = () => fileSettings(services);
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/rfis',
    summary: 'List requests for information about the acting account (and, for a master, its sub-accounts), newest first',
    ...listRoute(rfiList(settings), (r, input) => toRestRfi(r, originOf(input.request)), restRfi, rfiFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/rfis/answer',
    summary: 'Answer a request for information: every question once, files by their upload ids',
    body: answerRfiWire.schema,
    names: answerRfiWire.names,
    response: restRfi,
    handler: async (ctx, { body, request }) => ({ body: toRestRfi(await answerRfi(ctx, settings(), answerRfiWire.toCommand(body)), originOf(request)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/rfis/:id',
    summary: 'Retrieve a request for information, with fresh links to the files of its answers',
    response: restRfi,
    handler: async (ctx, { params, request }) => ({ body: toRestRfi(await getRfi(ctx, settings(), params.id ?? ''), originOf(request)) }),
  });
}
