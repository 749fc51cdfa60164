import type { RequestContext } from '../../platform/context';
import { DomainError, isDomainError, type Family } from '../../platform/errors/domain-error';
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
import { userErrorsOf, type PayloadClass } from './user-errors';

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

export interface MutationOptions<R, P> {
  /** The mutation's field name: the idempotency layer's endpoint, and where its secret fields are found. */
  field: string;
  family: Family;
  input: CommandInput;
  /** The payload type (shared/user-errors.ts `payloadType`): the answer and the area's userErrors. */
  payload: PayloadClass<R, P>;
  target?: string;
  /** The argument the input's fields sit under in userErrors' paths; `input` unless said, null for a mutation of bare arguments. */
  argument?: string | null;
  /**
   * False for a mutation that must not store its answer (one that hands out a fresh secret every
   * call, or reads): the key is not read, and every call runs.
   */
  idempotent?: false;
}

/**
 * A refused mutation's payload when its error is one the client acts on (userErrors, the resource
 * null), or the error to throw top-level otherwise; in either case named as the client wrote it.
 */
function refusal<R, P>(e: unknown, opts: MutationOptions<R, P>): { payload: P } | { error: unknown } {
  const named = inGraphQLNames(e, opts.input);
  if (!isDomainError(named)) return { error: named };
  const { payload } = opts.payload;
  const userErrors = userErrorsOf(named, payload.userError, opts.argument === undefined ? 'input' : opts.argument);
  return userErrors ? { payload: payload.refused(userErrors) } : { error: named };
}

async function answered<R, P>(opts: MutationOptions<R, P>, work: () => Promise<R>): Promise<P> {
  try {
    return opts.payload.payload.ok(await work());
  } catch (e) {
    const r = refusal(e, opts);
    if ('error' in r) throw r.error;
    return r.payload;
  }
}

/**
 * A mutation: answers its payload (shared/user-errors.ts), with the domain errors a client acts on
 * as userErrors and the resource null; the others stay top-level errors. It runs through the same
 * idempotency layer as REST when x-idempotency-key is sent. The stored response is the payload (or
 * the top-level error), so a retry replays it exactly, userErrors included, and the first answer
 * has the same JSON form as its replays; fields marked as secrets (shared/sensitive.ts) are in the
 * first answer only, and null in replays.
 *
 * `target` is the id of the object the mutation acts on when it is not part of `input` (REST has it
 * in the path, which the endpoint holds): it is fingerprinted with the input, so the same key sent
 * for another card is another request, refused, and never the first card's answer replayed.
 */
export async function mutation<V, R, P>(
  gctx: GraphQLContext,
  opts: MutationOptions<R, P>,
  work: (ctx: RequestContext, input: Record<string, unknown>) => Promise<V>,
  present: (view: V) => R,
): Promise<P> {
  const ctx = await gctx.auth();
  const { input } = opts;
  if (gctx.idempotencyKey === undefined || opts.idempotent === false) return answered(opts, async () => present(await work(ctx, input.value)));
  const key = checkKeyFormat(opts.family, gctx.idempotencyKey, ctx.principal.accountCreatedAt);
  const { response } = await runIdempotent(
    gctx.services,
    { key, accountId: ctx.acting.id, endpoint: `graphql:${opts.field}`, body: opts.target === undefined ? input.value : { target: opts.target, input: input.value } },
    async (unit) => {
      const data = opts.payload.payload.ok(present(await work({ ...ctx, unit }, input.value)));
      const secrets = mutationSecretPaths(opts.field);
      if (secrets.length === 0) return { status: 200, body: JSON.stringify({ data }) };
      return { status: 200, body: JSON.stringify({ data }), kept: JSON.stringify({ data: withoutMembers(data, secrets) }) };
    },
    (e) => {
      // A refusal the payload lists is stored as that payload, so a replay answers the same
      // userErrors; any other is stored as the error it was, to be thrown again.
      const r = refusal(e, opts);
      if ('payload' in r) return { status: e.status, body: JSON.stringify({ data: r.payload }) };
      const stored: StoredGraphQLError = { code: e.code, message: e.template, status: e.status, kind: e.kind, field: e.field };
      return { status: e.status, body: JSON.stringify({ error: stored }) };
    },
  );
  const parsed = JSON.parse(response.body) as { data?: P; error?: StoredGraphQLError };
  if (parsed.error) throw inGraphQLNames(domainErrorFromStored(parsed.error), input);
  return parsed.data as P;
}
