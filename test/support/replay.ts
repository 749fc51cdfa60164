import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isLeafType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
} from 'graphql';
import type { Family } from '../../src/platform/errors/domain-error';
import type { TestApp } from './app';
import { Client, type Json } from './client';
import { fundWallet } from './ledger';
import { makeMaster, tokenFor, type Tenant } from './tenants';

/**
 * The machinery of the replay tables (test/idempotency/replay-*.test.ts): a fresh tenant per
 * preparation, calls over the app's real listener for both doors, and the effect of a call read
 * as the change in every table's row count, so "one effect" is checked on the database itself.
 */

/** What a fixture prepares its state with: a fresh master, funded, with a client for the set-up calls. */
export interface World {
  t: TestApp;
  tenant: Tenant;
  token: string;
  /** Set-up calls (through inject), as the master, sending its x-client-id as /v2 wants. */
  c: Client;
  id: string;
}

/** Wallet money every world starts with: enough for any fixture's payout, conversion or card funding. */
export const WORLD_FUNDS: Record<string, string> = { USD: '10000.00', SGD: '10000.00', EUR: '10000.00' };

export async function freshWorld(t: TestApp, name: string, opts: { permissions?: string[] } = {}): Promise<World> {
  const tenant = await makeMaster(t.services, { name, permissions: opts.permissions });
  for (const [currency, amount] of Object.entries(WORLD_FUNDS)) await fundWallet(t.services, tenant.account.id, currency, amount);
  const token = await tokenFor(t, tenant);
  const c = new Client(t, token).withHeaders({ 'x-client-id': tenant.clientId });
  return { t, tenant, token, c, id: tenant.account.id };
}

/** Starts the app's real listener on a port the OS picks; answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

export interface Answer {
  status: number;
  raw: string;
  replayed: string | null;
  /** The x-request-id header: the id a top-level GraphQL error carries as extensions.requestId. */
  requestId: string | null;
}

/** One call over a real connection, as the world's master, with an idempotency key. */
export async function httpCall(base: string, w: World, method: string, url: string, body: unknown, key: string): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'x-auth-token': `Bearer ${w.token}`,
      'x-client-id': w.tenant.clientId,
      'content-type': 'application/json',
      'x-idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, raw: await res.text(), replayed: res.headers.get('idempotent-replayed'), requestId: res.headers.get('x-request-id') };
}

/** Row counts of every table of the database, by table name. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const { rows: tables } = await t.db.pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1",
  );
  const sql = tables.map((r) => `SELECT '${r.name}' AS name, count(*)::int AS n FROM "${r.name}"`).join(' UNION ALL ');
  const { rows } = await t.db.pool.query<{ name: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/** The tables whose row count changed, with the change. */
export function countChange(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(after)) {
    const d = after[name]! - (before[name] ?? 0);
    if (d !== 0) out[name] = d;
  }
  return out;
}

/** The idempotency records the layer stored for a key of an account, by endpoint. */
export async function storedEndpoints(t: TestApp, accountId: string, key: string): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ endpoint: string }>('SELECT endpoint FROM idempotency_keys WHERE account_id = $1 AND key = $2', [accountId, key]);
  return rows.map((r) => r.endpoint);
}

// --- the answers the layer gives (spec 7.1, 7.2; docs/decisions/platform/idempotency.md, Idempotency) ---

/** Same key, another body: REST, in the route's family. */
export const OTHER_BODY_REST: Record<Family, Json> = {
  account_center: { code: 400, message: 'Idempotency key error: the key was already used with a different request body' },
  issuance: { type: 'idempotency_error', code: 'key_mismatch_request', message: 'key was already used with a different request body' },
};

/** A duplicate that finds the first one still running: REST, in the route's family (HTTP 400). */
export const PROCESSING_REST: Record<Family, Json> = {
  account_center: { code: 200, message: 'Request is processing, please try again later.' },
  issuance: { type: 'idempotency_error', code: 'request_being_processed', message: 'request is being processed' },
};

/** Same key, another body: GraphQL (one error, naming the header). */
export const OTHER_BODY_GRAPHQL = {
  message: 'Idempotency key error: the key was already used with a different request body',
  extensions: { code: 'idempotency_key_other_request', type: 'idempotency', httpStatus: 400, field: 'x-idempotency-key' },
};

export const PROCESSING_GRAPHQL = {
  message: 'Request is processing, please try again later.',
  extensions: { code: 'request_being_processed', type: 'idempotency', httpStatus: 400 },
};

// --- another body ---

/**
 * Another body of the same shape: the first top-level string member with one more character, or
 * the first number plus one, or (a body with neither) one more member. Never the same canonical JSON.
 */
export function anotherBody(body: Json): Json {
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string') return { ...body, [k]: `${v}1` };
    if (typeof v === 'number') return { ...body, [k]: v + 1 };
  }
  return { ...body, another_member: 'another body' };
}

// --- GraphQL documents made from the schema ---

/** The mutation's document: every argument as a variable, and its answer selected whole (three levels deep). */
export function mutationDocument(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `mutation${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selectionOf(getNamedType(field.type), 3)} }`;
}

/** Every field without required arguments; objects below `depth` levels, unions and interfaces by __typename. */
function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isLeafType(type)) return '';
  if (!isObjectType(type) || depth === 0) return ' { __typename }';
  const fields = Object.values(type.getFields()).filter((f) => f.args.every((a) => !isNonNullType(a.type)));
  return ` { ${fields.map((f) => `${f.name}${selectionOf(getNamedType(f.type), depth - 1)}`).join(' ')} }`;
}

const ANOTHER_ID = '00000000-0000-4000-8000-00000000abcd';

/**
 * Other variables of the same types: the target of the mutation (the first ID found, depth first)
 * set to another id, or else the first String made one character longer, or the first number plus
 * one, or another currency or country code. GraphQL validation still passes, so the layer, not the schema, is what answers.
 */
export function anotherVariables(field: GraphQLField<unknown, unknown>, variables: Json): Json {
  const types = Object.fromEntries(field.args.map((a) => [a.name, a.type]));
  for (const scalar of ['ID', 'String', 'Decimal', 'Int', 'Float', 'JSONObject', 'DateTime', 'CurrencyCode', 'CountryCode']) {
    const changed = change(variables, types, scalar);
    if (changed) return changed;
  }
  throw new Error(`no member to change in ${field.name}'s variables: ${JSON.stringify(variables)}`);
}

function change(value: Json, types: Record<string, GraphQLInputType>, scalar: string): Json | undefined {
  for (const [k, v] of Object.entries(value)) {
    const type = types[k];
    if (!type || v === null || v === undefined) continue;
    let inner: GraphQLInputType = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) continue;
    if (isInputObjectType(inner)) {
      const fields = Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, f.type]));
      const nested = change(v as Json, fields, scalar);
      if (nested) return { ...value, [k]: nested };
      continue;
    }
    inner = getNamedType(inner) as GraphQLInputType;
    if (isEnumType(inner) || getNamedType(inner).name !== scalar) continue;
    if (scalar === 'ID') return { ...value, [k]: ANOTHER_ID };
    if (scalar === 'String') return { ...value, [k]: `${String(v)}1` };
    if (scalar === 'JSONObject') return { ...value, [k]: { ...(v as Json), another_member: 'another body' } };
    if (scalar === 'Decimal') return { ...value, [k]: typeof v === 'number' ? v + 1 : `${String(v)}1` };
    if (scalar === 'DateTime') return { ...value, [k]: new Date(Date.parse(String(v)) + 1000).toISOString() };
    // Another code of the same shape, which the scalar still takes.
    if (scalar === 'CurrencyCode') return { ...value, [k]: v === 'EUR' ? 'USD' : 'EUR' };
    if (scalar === 'CountryCode') return { ...value, [k]: v === 'GB' ? 'SG' : 'GB' };
    return { ...value, [k]: (v as number) + 1 };
  }
  return undefined;
}

export const freshKey = (): string => randomUUID();

// --- the three checks, per REST route ---

export interface RestCase {
  /** `METHOD /path` as registered. */
  route: string;
  family: Family;
  prepare: (w: World) => Promise<{ path: string; body: Json }>;
  shownOnce?: string[];
  /** Keys in the route's contract: a UUID (valid in every family) unless given. */
  key?: () => string;
}

const DUPLICATES = 5;

const without = (raw: string, members: string[] | undefined): Json => {
  const body = JSON.parse(raw) as Json;
  for (const m of members ?? []) delete body[m];
  return body;
};

/**
 * Same key and body twice: the same status and body (less what is shown once), marked replayed, and
 * no second effect; the same key with another body: the family's refusal, and no effect. Then, on a
 * second fresh world, the same call fired DUPLICATES times at once over real connections: one runs,
 * the others replay it or are told it is processing, and the database changes exactly as it did for
 * the one call on the first world.
 */
export async function checkRestRoute(t: TestApp, base: string, c: RestCase): Promise<void> {
  const method = c.route.slice(0, c.route.indexOf(' '));
  const w = await freshWorld(t, `Replay ${c.route}`);
  const call = await c.prepare(w);
  const key = (c.key ?? freshKey)();
  const before = await rowCounts(t);
  const first = await httpCall(base, w, method, `/api${call.path}`, call.body, key);
  const afterFirst = await rowCounts(t);
  const effect = countChange(before, afterFirst);
  const again = await httpCall(base, w, method, `/api${call.path}`, call.body, key);
  const other = await httpCall(base, w, method, `/api${call.path}`, anotherBody(call.body), key);
  const afterAll = await rowCounts(t);

  const expected = {
    first: { status: 200, replayed: null },
    again: { status: 200, replayed: 'true', body: without(first.raw, c.shownOnce) },
    other: { status: 400, body: OTHER_BODY_REST[c.family] },
    effectOfReplays: {},
  };
  const seen = {
    first: { status: first.status, replayed: first.replayed },
    again: { status: again.status, replayed: again.replayed, body: JSON.parse(again.raw) as Json },
    other: { status: other.status, body: JSON.parse(other.raw) as Json },
    effectOfReplays: countChange(afterFirst, afterAll),
  };
  if (first.status !== 200) throw new Error(`${c.route}: the fixture's call was refused: ${first.status} ${first.raw}`);
  expect(seen).toEqual(expected);
  if (!c.shownOnce) expect(again.raw).toBe(first.raw);
  expect(effect).toMatchObject({ idempotency_keys: 1 });

  await checkDuplicates(t, c.route, effect, async () => {
    const w2 = await freshWorld(t, `Racing ${c.route}`);
    const call2 = await c.prepare(w2);
    const key2 = (c.key ?? freshKey)();
    return { fire: () => httpCall(base, w2, method, `/api${call2.path}`, call2.body, key2) };
  }, (answers) => {
    const ran = answers.filter((a) => a.status === 200 && a.replayed === null);
    const replayed = answers.filter((a) => a.status === 200 && a.replayed === 'true');
    const processing = answers.filter((a) => a.status === 400 && isDeepStrictEqual(JSON.parse(a.raw), PROCESSING_REST[c.family]));
    expect({ ran: ran.length, others: replayed.length + processing.length }).toEqual({ ran: 1, others: DUPLICATES - 1 });
    for (const r of replayed) expect(JSON.parse(r.raw)).toEqual(without(ran[0]!.raw, c.shownOnce));
  });
}

/** Fires DUPLICATES identical calls together and compares the database's change with one call's. */
export async function checkDuplicates(
  t: TestApp,
  name: string,
  oneEffect: Record<string, number>,
  prepare: () => Promise<{ fire: () => Promise<Answer> }>,
  judge: (answers: Answer[]) => void,
): Promise<void> {
  const { fire } = await prepare();
  const before = await rowCounts(t);
  // Every request is started before any is awaited: they reach the server together.
  const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => fire()));
  const after = await rowCounts(t);
  judge(answers);
  expect({ name, effect: countChange(before, after) }).toEqual({ name, effect: oneEffect });
}

// --- the three checks, per GraphQL mutation ---

/** One GraphQL request over a real connection, as the world's master, with an idempotency key. */
export async function graphqlCall(base: string, w: World, query: string, variables: Json, key: string): Promise<Answer> {
  return httpCall(base, w, 'POST', '/graphql', { query, variables }, key);
}

export interface GraphQLCase {
  field: GraphQLField<unknown, unknown>;
  document: string;
  prepare: (w: World) => Promise<Json>;
  shownOnce?: string[];
  /** Permissions the world's key holds (a mutation that needs one). */
  permissions?: string[];
}

interface GraphQLBody {
  data?: Record<string, Json | null> | null;
  errors?: { message: string; path?: string[]; extensions?: Json }[];
}

/** `value` with the member at a dotted path (`cardAssignment.activationCode`) set to null. */
const nulledAt = (value: unknown, path: string[]): unknown => {
  const [head, ...rest] = path;
  if (head === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return { ...object, [head]: rest.length === 0 ? null : nulledAt(object[head] ?? null, rest) };
};
const nulled = (body: GraphQLBody, field: string, members: string[] | undefined): GraphQLBody => {
  const data = body.data?.[field];
  if (!data || !members) return body;
  return { ...body, data: { [field]: members.reduce<unknown>((d, m) => nulledAt(d, m.split('.')), data) as Json } };
};
/** The member at a dotted path of a mutation's answer. */
const memberAt = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined), value);
/**
 * A top-level error as the checks compare it: its extensions.requestId must be the answer's
 * x-request-id, and is then left out (an id missing or another is kept, so the comparison fails).
 */
const errorOf = (a: Answer) =>
  (JSON.parse(a.raw) as GraphQLBody).errors?.map((e) => {
    const { requestId, ...extensions } = (e.extensions ?? {}) as Record<string, Json>;
    const named = typeof requestId === 'string' && requestId === a.requestId;
    return { message: e.message, path: e.path, extensions: named ? extensions : { ...extensions, requestId: requestId ?? '(none)' } };
  });

/**
 * As checkRestRoute, for a mutation: the replay answers the same data (secrets null) and the layer
 * kept one record under `graphql:<field>`; other variables under the key are refused; duplicates
 * fired together answer the same data or "processing", and change the database as one call did.
 * GraphQL answers carry no replay marker, so which duplicate ran is read from the database.
 */
export async function checkMutation(t: TestApp, base: string, c: GraphQLCase): Promise<void> {
  const name = c.field.name;
  const w = await freshWorld(t, `Replay ${name}`, { permissions: c.permissions });
  const variables = await c.prepare(w);
  const key = freshKey();
  const before = await rowCounts(t);
  const first = await graphqlCall(base, w, c.document, variables, key);
  const afterFirst = await rowCounts(t);
  const effect = countChange(before, afterFirst);
  const again = await graphqlCall(base, w, c.document, variables, key);
  const other = await graphqlCall(base, w, c.document, anotherVariables(c.field, variables), key);
  const afterAll = await rowCounts(t);

  const firstBody = JSON.parse(first.raw) as GraphQLBody;
  const refused = (firstBody.data?.[name] as { userErrors?: Json[] } | null | undefined)?.userErrors?.length;
  if (first.status !== 200 || firstBody.errors || !firstBody.data?.[name] || refused) throw new Error(`${name}: the fixture's call was refused: ${first.status} ${first.raw}`);
  expect({
    again: { status: again.status, body: JSON.parse(again.raw) as GraphQLBody },
    other: { status: other.status, errors: errorOf(other) },
    stored: await storedEndpoints(t, w.id, key),
    effectOfReplays: countChange(afterFirst, afterAll),
  }).toEqual({
    again: { status: 200, body: nulled(firstBody, name, c.shownOnce) },
    other: { status: 200, errors: [{ ...OTHER_BODY_GRAPHQL, path: [name] }] },
    stored: [`graphql:${name}`],
    effectOfReplays: {},
  });
  expect(effect).toMatchObject({ idempotency_keys: 1 });

  await checkDuplicates(t, name, effect, async () => {
    const w2 = await freshWorld(t, `Racing ${name}`, { permissions: c.permissions });
    const vars2 = await c.prepare(w2);
    const key2 = freshKey();
    return { fire: () => graphqlCall(base, w2, c.document, vars2, key2) };
  }, (answers) => {
    const bodies = answers.map((a) => ({ status: a.status, body: JSON.parse(a.raw) as GraphQLBody, answer: a }));
    const answered = bodies.filter((b) => b.body.data?.[name]);
    const isProcessing = (b: { answer: Answer }) => isDeepStrictEqual(errorOf(b.answer), [{ ...PROCESSING_GRAPHQL, path: [name] }]);
    const neither = bodies.filter((b) => !b.body.data?.[name] && !isProcessing(b));
    expect({ statuses: bodies.map((b) => b.status), neither }).toEqual({ statuses: Array(DUPLICATES).fill(200), neither: [] });
    expect(answered.length).toBeGreaterThan(0);
    const same = new Set(answered.map((b) => JSON.stringify(nulled(b.body, name, c.shownOnce))));
    expect(same.size).toBe(1);
    if (c.shownOnce) {
      // The one that ran shows the secret; replays show null.
      expect(answered.filter((b) => memberAt(b.body.data![name]!, c.shownOnce![0]!) !== null)).toHaveLength(1);
    }
  });
}
