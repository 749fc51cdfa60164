import type { RequestContext } from '../domain/context';
import type { Family } from '../domain/errors/domain-error';
import { checkKeyFormat } from '../domain/idempotency/key-format';
import { runIdempotent } from '../domain/idempotency/layer';
import type { GraphQLContext } from './context';
import { domainErrorFromStored } from './errors';

/**
 * Runs a mutation through the same idempotency layer as REST when x-idempotency-key is sent. The
 * stored response is the mutation's JSON result (or its error), so a retry replays it exactly; the
 * first call returns the same JSON form, so both answers are alike.
 */
export async function idempotentMutation<T>(
  gctx: GraphQLContext,
  opts: { field: string; family: Family; input: unknown },
  work: (ctx: RequestContext) => Promise<T>,
): Promise<T> {
  const ctx = await gctx.auth();
  if (gctx.idempotencyKey === undefined) return work(ctx);
  const key = checkKeyFormat(opts.family, gctx.idempotencyKey, ctx.principal.accountCreatedAt);
  const { response } = await runIdempotent(
    gctx.services,
    { key, accountId: ctx.acting.id, endpoint: `graphql:${opts.field}`, body: opts.input },
    async (tx) => ({ status: 200, body: JSON.stringify({ data: await work({ ...ctx, tx }) }) }),
    (e) => ({
      status: e.status,
      body: JSON.stringify({ error: { code: e.code, message: e.message, status: e.status, kind: e.kind, field: e.field } }),
    }),
  );
  const parsed = JSON.parse(response.body) as { data?: T; error?: Parameters<typeof domainErrorFromStored>[0] };
  if (parsed.error) throw domainErrorFromStored(parsed.error);
  return parsed.data as T;
}
