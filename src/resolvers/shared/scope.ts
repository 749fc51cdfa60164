import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../../platform/context';
import { isDomainError } from '../../platform/errors/domain-error';
import { resolveActingAccount } from '../../platform/tenancy/acting-account';
import { buildRequestContext } from '../../platform/tenancy/request-context';
import type { GraphQLContext } from '../context';
import { createLoaders } from '../loaders';

/**
 * Scope in the graph (docs/graphql.md, "Accounts and scope"): `account(id)` and the lists that hang
 * off an Account read as that account, exactly as the same call with `x-on-behalf-of: <id>` would
 * (the same rules and permissions), whatever header the request carries, so one account's data
 * never answers under another account's path in a client's cache.
 *
 * A scoped field runs with a GraphQL context of its own (its acting account, its own loaders), and
 * the objects it returns carry that context: every field resolver below them runs with it too
 * (`withScopes`), so a payout's beneficiary under `account(id: B).payouts` is read as B.
 */

const scopesOf = new WeakMap<GraphQLContext, Map<string, Promise<GraphQLContext | null>>>();

/** The request as account `accountId`, or null when the caller may not act as it. */
async function scopeFor(gctx: GraphQLContext, accountId: string): Promise<GraphQLContext | null> {
  const ctx = await gctx.auth();
  if (accountId === ctx.acting.id) return gctx;
  const { principal } = ctx;
  let scoped: RequestContext;
  if (accountId === principal.accountId) {
    scoped = buildRequestContext(gctx.services, principal, principal.self, ctx.requestId);
  } else {
    try {
      scoped = buildRequestContext(gctx.services, principal, await resolveActingAccount(gctx.services, principal, accountId), ctx.requestId);
    } catch (e) {
      // Not the caller's own account nor one of its sub-accounts (another tenant's, unknown,
      // malformed): null, as a lookup of something the caller may not see. A sub-account that
      // exists but may not be operated keeps x-on-behalf-of's error.
      if (isDomainError(e) && e.code === 'on_behalf_of_invalid') return null;
      throw e;
    }
  }
  const auth = () => Promise.resolve(scoped);
  return { ...gctx, auth, loaders: createLoaders(auth, { origin: gctx.origin, services: gctx.services }) };
}

/** The request as `accountId`, made once per request and account. */
export function scopedContext(gctx: GraphQLContext, accountId: string): Promise<GraphQLContext | null> {
  let scopes = scopesOf.get(gctx);
  if (!scopes) scopesOf.set(gctx, (scopes = new Map()));
  let scope = scopes.get(accountId);
  if (!scope) scopes.set(accountId, (scope = scopeFor(gctx, accountId)));
  return scope;
}

/** The context each object made in a scope was made in. */
const madeIn = new WeakMap<object, GraphQLContext>();

/** Marks a result (an object, a list of them, or a connection's nodes) as made in `scope`. */
export function inScope<T>(value: T, scope: GraphQLContext): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (const v of value) inScope(v, scope);
    return value;
  }
  madeIn.set(value, scope);
  const connection = value as { nodes?: unknown; edges?: unknown };
  if (Array.isArray(connection.nodes)) inScope(connection.nodes, scope);
  return value;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Wraps every field resolver of the schema's object types (not the default property reads): when
 * its parent object was made in a scope, it runs in that scope and marks what it returns. A field
 * of an unscoped object costs one WeakMap lookup.
 */
export function withScopes(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type === schema.getSubscriptionType()) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as GraphQLFieldResolver<unknown, GraphQLContext> | undefined;
      if (!resolve) continue;
      field.resolve = (root, args, context, info) => {
        const scope = root !== null && typeof root === 'object' ? madeIn.get(root) : undefined;
        if (!scope || scope === context) return resolve(root, args, context, info);
        const out = resolve(root, args, scope, info);
        return isThenable(out) ? Promise.resolve(out).then((v) => inScope(v, scope)) : inScope(out, scope);
      };
    }
  }
  return schema;
}
