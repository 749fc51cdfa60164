import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import type { TestApp } from '../support/app';
import { clientOf, type Client, type Json } from '../support/client';
import { intentBody } from '../acquiring/payments/fixtures';
import { holderBody } from '../issuing/cardholders/fixtures';
import { GRAPHQL, GRAPHQL_WHEN, REST, REST_WHEN, type Sandbox, type Setup } from './classification';
import { productionMaster, REFUSAL_CODES, REFUSAL_MESSAGES, REFUSALS, startProductionApp, type Refusal } from './support';

/**
 * PAYRAIL_MODE=production, every registered route and every GraphQL root field, as a production
 * account: each is classified (classification.ts; a new one fails until it is), the sandbox-only ones
 * refuse with their refusal, and the others never answer with one (nor with an internal error).
 */

let t: TestApp;
let c: Client;
let schema: GraphQLSchema;
let setup: Setup;

beforeAll(async () => {
  t = await startProductionApp();
  const tenant = await productionMaster(t.services, 'Production merchant');
  c = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
  schema = await buildGraphQLSchema();
  const intent = await c.post('/v2/payment_intents/create', intentBody());
  const holder = await c.post('/v1/issuing/cardholders', holderBody());
  if (intent.status !== 200 || holder.status !== 200) throw new Error(`set-up failed: ${intent.raw} ${holder.raw}`);
  setup = { intentId: intent.body.payment_intent_id as string, cardholderId: holder.body.cardholder_id as string };
});
afterAll(() => t.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const refusalOf = (s: Sandbox): Refusal => (typeof s === 'string' ? s : s.refusal);

// --- REST ---

const withIds = (path: string) => path.replace(/:[a-z_]+/g, ANY_ID);

async function callRest(key: string, path: string, body: unknown) {
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
  if (method === 'GET') return c.get(path);
  return method === 'POST' ? c.post(path, body) : c.delete(path, body);
}

/** The refusal as the route's family renders it. */
function restRefusal(key: string, refusal: Refusal): Json {
  const route = t.app.restRoutes.routes.find((r) => `${r.method} ${r.path}` === key)!;
  const { code, message } = REFUSALS[refusal];
  if (route.family === 'account_center') return { code: 400, message };
  return { type: refusal === 'identityCheck' ? 'cardholder_error' : 'account_error', code, message };
}

describe('REST in production mode: every registered route', () => {
  it('is classified here, and nothing more', () => {
    const registered = t.app.restRoutes.routes.map((r) => `${r.method} ${r.path}`).sort();
    expect(registered).toEqual(Object.keys(REST).sort());
  });

  it('answers a sandbox-only route with its refusal', async () => {
    const seen: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [key, how] of Object.entries(REST)) {
      if (how === 'open') continue;
      const path = typeof how === 'object' && how.path ? how.path(setup) : withIds(key.slice(key.indexOf(' ') + 1));
      const res = await callRest(key, path, typeof how === 'object' ? how.body(setup) : {});
      seen[key] = { status: res.status, body: res.body };
      want[key] = { status: 400, body: restRefusal(key, refusalOf(how)) };
    }
    expect(seen).toEqual(want);
  });

  it('refuses a card payment and an identity check asked of an open route', async () => {
    for (const w of REST_WHEN) {
      const res = await callRest(w.route, w.path ? w.path(setup) : w.route.slice(w.route.indexOf(' ') + 1), w.body(setup));
      expect({ route: w.route, status: res.status, body: res.body }).toEqual({ route: w.route, status: 400, body: restRefusal(w.route, w.refusal) });
    }
  });

  it('never answers an open route with a sandbox refusal or an internal error', async () => {
    const bad: string[] = [];
    for (const [key, how] of Object.entries(REST)) {
      if (how !== 'open' || key === 'POST /v1/connect/token') continue;
      const res = await callRest(key, withIds(key.slice(key.indexOf(' ') + 1)), {});
      const body = res.body as Json;
      if (res.status >= 500 || REFUSAL_MESSAGES.has(body?.message) || REFUSAL_CODES.has(body?.code)) bad.push(`${key}: ${res.status} ${res.raw}`);
    }
    expect(bad).toEqual([]);
  });
});

// --- GraphQL ---

const rootFields = (): [string, GraphQLField<unknown, unknown>][] =>
  (['Query', 'Mutation', 'Subscription'] as const).flatMap((name) => {
    const type = schema.getType(name) as GraphQLObjectType | undefined;
    return type ? Object.values(type.getFields()).map((f) => [`${name}.${f.name}`, f] as [string, GraphQLField<unknown, unknown>]) : [];
  });

/** A value of an input type with every required member filled: enough to pass GraphQL's own validation. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => [f.name, sample(f.type)]));
  }
  const scalars: Record<string, unknown> = { ID: ANY_ID, String: 'x', Int: 1, Float: 1, Boolean: false, Decimal: '1', DateTime: '2026-11-21T10:00:00Z', Upload: null, CurrencyCode: 'USD', CountryCode: 'SG' };
  return getNamedType(type).name in scalars ? scalars[getNamedType(type).name] : {};
}

/** `<op> { field(required args) { __typename } }` with its variables; `input` replaces the generated `input` argument. */
function probe(key: string, field: GraphQLField<unknown, unknown>, input?: unknown): { query: string; variables: Json } {
  const op = key.startsWith('Query.') ? 'query' : key.startsWith('Mutation.') ? 'mutation' : 'subscription';
  const args = field.args.filter((a) => isNonNullType(a.type) || (input !== undefined && a.name === 'input'));
  const decl = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const payload = !isLeafType(named) && 'userErrors' in (named as GraphQLObjectType).getFields();
  const selection = isLeafType(named) ? '' : payload ? ' { __typename userErrors { code } }' : ' { __typename }';
  const variables = Object.fromEntries(args.map((a) => [a.name, a.name === 'input' && input !== undefined ? input : sample(a.type)]));
  return { query: `${op} Probe${decl ? `(${decl})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`, variables };
}

const gql = (p: { query: string; variables: Json }) => c.gql<Record<string, { userErrors?: { code: string }[] } | null>, Json>(p.query, p.variables);

/** The codes a probe was refused with: top-level errors' codes, or its payload's userErrors' (enum values, the code upper-cased). */
function codesOf(res: Awaited<ReturnType<typeof gql>>): string[] | undefined {
  if (res.errors) return res.errors.map((e) => String(e.extensions?.code));
  const listed = Object.values(res.data ?? {}).flatMap((p) => p?.userErrors ?? []).map((u) => u.code.toLowerCase());
  return listed.length > 0 ? listed : undefined;
}

describe('GraphQL in production mode: every root field', () => {
  it('is classified here, and nothing more', () => {
    expect(rootFields().map(([k]) => k).sort()).toEqual(Object.keys(GRAPHQL).sort());
  });

  it('answers a sandbox-only field with its refusal', async () => {
    const seen: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [key, field] of rootFields()) {
      const how = GRAPHQL[key]!;
      if (how === 'open') continue;
      const res = await gql(probe(key, field, typeof how === 'object' ? how.body(setup) : undefined));
      seen[key] = codesOf(res);
      want[key] = [REFUSALS[refusalOf(how)].code];
    }
    expect(seen).toEqual(want);
  });

  it('refuses a card payment and an identity check asked of an open field', async () => {
    const fields = new Map(rootFields());
    for (const w of GRAPHQL_WHEN) {
      const res = await gql(probe(w.field, fields.get(w.field)!, w.body(setup)));
      expect({ field: w.field, codes: codesOf(res) }).toEqual({ field: w.field, codes: [REFUSALS[w.refusal].code] });
    }
  });

  it('never answers an open field with a sandbox refusal or an internal error', async () => {
    const bad: string[] = [];
    for (const [key, field] of rootFields()) {
      if (GRAPHQL[key] !== 'open') continue;
      const res = await gql(probe(key, field));
      const wrong = [
        ...(res.errors ?? []).filter((e) => REFUSAL_CODES.has(String(e.extensions?.code)) || e.extensions?.type === 'internal'),
        ...(res.errors ? [] : (codesOf(res) ?? []).filter((code) => REFUSAL_CODES.has(code))),
      ];
      if (res.status >= 500 || wrong.length > 0) bad.push(`${key}: ${res.status} ${JSON.stringify(res.errors)}`);
    }
    expect(bad).toEqual([]);
  });
});
