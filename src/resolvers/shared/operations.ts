import type { RequestContext } from '../../platform/context';
import { DomainError, type Family } from '../../platform/errors/domain-error';
import { checkKeyFormat } from '../../platform/idempotency/key-format';
import { runIdempotent } from '../../platform/idempotency/layer';
import { withoutMembers } from '../../platform/validation/sensitive';
import type { ListOrder } from '../../platform/pagination/keyset';
import { DEFAULT_PAGE, findSlice, type AreaList } from '../../platform/pagination/list';
import { ListPage } from '../../platform/pagination/page-reader';
import type { GraphQLContext } from '../context';
import { domainErrorFromStored, type StoredGraphQLError } from '../errors';
import { connectionWindow, toConnection, type ConnectionArgs, type ConnectionValue } from './connection';
import { mutationSecretPaths } from './sensitive';
import { commandInput, inGraphQLNames, type CommandInput } from './command-input';

/**
 * The three shapes every GraphQL operation of every area takes: a query, a list (a connection) and
 * a mutation. Each authenticates, calls one domain service and presents its view type; domain
 * errors about an input come back naming the GraphQL field (command-input.ts).
 */

const NO_INPUT: CommandInput = commandInput(undefined);

async function named<T>(input: CommandInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw inGraphQLNames(e, input);
  }
}

/** A lookup: `payout(id)`, `balance(currency)`. */
export async function query<V, G>(
  gctx: GraphQLContext,
  work: (ctx: RequestContext, input: Record<string, unknown>) => Promise<V>,
  present: (view: V) => G,
  input: CommandInput = NO_INPUT,
): Promise<G> {
  const ctx = await gctx.auth();
  return present(await named(input, () => work(ctx, input.value)));
}

/**
 * A lookup by id (`payout(id)`): null for an unknown, malformed or another account's id, so one
 * missing object no longer nulls its siblings. The area's not-found refusal is the null; every
 * other error (a malformed currency, a permission) stays an error.
 */
export async function lookup<V, G>(
  gctx: GraphQLContext,
  work: (ctx: RequestContext, input: Record<string, unknown>) => Promise<V>,
  present: (view: V) => G,
  input: CommandInput = NO_INPUT,
): Promise<G | null> {
  try {
    return await query(gctx, work, present, input);
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'not_found') return null;
    throw e;
  }
}

/** A list field: the area's list with the GraphQL filter as its command reads it, as a connection. */
export async function connection<F, V, G>(
  gctx: GraphQLContext,
  args: ConnectionArgs,
  list: AreaList<F, V>,
  present: (view: V) => G,
  filter: CommandInput = NO_INPUT,
): Promise<ConnectionValue<G>> {
  const ctx = await gctx.auth();
  const window = connectionWindow(args, list.order, list.page.maxSize);
  const slice = await named(filter, () => findSlice(ctx, list, filter.value, window));
  return toConnection({ ...slice, items: slice.items.map(present) }, window, list.order);
}

/**
 * A nested list field whose rows a per-request loader already read whole for every parent in one
 * statement (`Cardholder.cards`, `PaymentIntent.refunds`): the same arguments, cursors and errors
 * as a list, paged in memory in the list's order.
 */
export function connectionOfAll<V extends object, G>(args: ConnectionArgs, order: ListOrder, all: readonly V[], present: (view: V) => G): ConnectionValue<G> {
  const window = connectionWindow(args, order, DEFAULT_PAGE.maxSize);
  const slice = new ListPage(order, window).ofAll(all);
  return toConnection({ ...slice, items: slice.items.map(present) }, window, order);
}

/**
 * A mutation: runs through the same idempotency layer as REST when x-idempotency-key is sent. The
 * stored response is the presented result (or the error), so a retry replays it exactly and the
 * first answer has the same JSON form as its replays; fields marked as secrets (shared/sensitive.ts)
 * are in the first answer only, and null in replays.
 *
 * `target` is the id of the object the mutation acts on when it is not part of `input` (REST has it
 * in the path, which the endpoint holds): it is fingerprinted with the input, so the same key sent
 * for another card is another request, refused, and never the first card's answer replayed.
 */
export async function mutation<V, G>(
  gctx: GraphQLContext,
  opts: { field: string; family: Family; input: CommandInput; target?: string },
  work: (ctx: RequestContext, input: Record<string, unknown>) => Promise<V>,
  present: (view: V) => G,
): Promise<G> {
  const ctx = await gctx.auth();
  const { input } = opts;
  if (gctx.idempotencyKey === undefined) return present(await named(input, () => work(ctx, input.value)));
  const key = checkKeyFormat(opts.family, gctx.idempotencyKey, ctx.principal.accountCreatedAt);
  const { response } = await runIdempotent(
    gctx.services,
    { key, accountId: ctx.acting.id, endpoint: `graphql:${opts.field}`, body: opts.target === undefined ? input.value : { target: opts.target, input: input.value } },
    async (unit) => {
      const data = present(await work({ ...ctx, unit }, input.value));
      const secrets = mutationSecretPaths(opts.field);
      if (secrets.length === 0) return { status: 200, body: JSON.stringify({ data }) };
      return { status: 200, body: JSON.stringify({ data }), kept: JSON.stringify({ data: withoutMembers(data, secrets) }) };
    },
    (e) => {
      const stored: StoredGraphQLError = { code: e.code, message: e.template, status: e.status, kind: e.kind, field: e.field };
      return { status: e.status, body: JSON.stringify({ error: stored }) };
    },
  );
  const parsed = JSON.parse(response.body) as { data?: G; error?: StoredGraphQLError };
  if (parsed.error) throw inGraphQLNames(domainErrorFromStored(parsed.error), input);
  return parsed.data as G;
}
