import type { GraphQLSchema } from 'graphql';
import { Permission } from '../../src/platform/auth/permissions';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { startTestApp, type TestApp } from '../support/app';
import type { Json } from '../support/client';
import { checkMutation, freshKey, freshWorld, graphqlCall, listen, mutationDocument, storedEndpoints, type Answer, type World } from '../support/replay';
import { samples } from '../onboarding/files/fixtures';
import { uploadedPdf } from '../onboarding/rfis/fixtures';
import { prvKey, registered } from '../acquiring/terminals/fixtures';
import { activeCard, activePhysical, closeTables, GRAPHQL_NOT_IDEMPOTENT, GRAPHQL_TABLE } from './replay-table';

/**
 * Every GraphQL mutation of the schema, replayed as REST routes are (replay-rest.test.ts): the key
 * is x-idempotency-key on the request, the endpoint `graphql:<mutation field>` (docs/decisions/platform/idempotency.md,
 * Idempotency). The table (replay-table.ts) must name every mutation.
 */

let t: TestApp;
let base: string;
let schema: GraphQLSchema;

beforeAll(async () => {
  t = await startTestApp();
  base = await listen(t);
  schema = await buildGraphQLSchema();
});
afterAll(async () => {
  await closeTables();
  await t.close();
});

const mutationField = (name: string) => {
  const field = schema.getMutationType()!.getFields()[name];
  if (!field) throw new Error(`no mutation ${name}`);
  return field;
};

describe('the table', () => {
  it('names every mutation of the schema, in the layer or outside it by design, and nothing more', () => {
    const all = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect([...Object.keys(GRAPHQL_TABLE), ...Object.keys(GRAPHQL_NOT_IDEMPOTENT)].sort()).toEqual(all);
  });

  it('lists mutations outside the layer that are truly outside it: a successful call with a key stores no record', async () => {
    // A key holding the secure-details permission, which createCardPanToken needs.
    const w = await freshWorld(t, 'Outside the layer', { permissions: [Permission.SensitiveCardDetails] });
    const stored: Record<string, { ok: boolean; records: string[] }> = {};
    for (const [name, send] of Object.entries(OUTSIDE_CALLS)) {
      const key = freshKey();
      const body = JSON.parse((await send(w, key)).raw) as { data?: Record<string, unknown> | null; errors?: unknown[] };
      const payload = body.data?.[name] as { userErrors?: unknown[] } | null | undefined;
      stored[name] = { ok: !body.errors && Boolean(payload) && !payload?.userErrors?.length, records: await storedEndpoints(t, w.id, key) };
    }
    const none = { ok: true, records: [] };
    expect(stored).toEqual(Object.fromEntries(Object.keys(GRAPHQL_NOT_IDEMPOTENT).map((n) => [n, none])));
  });
});

/** A successful call of each mutation outside the layer, with the key given. */
const OUTSIDE_CALLS: Record<string, (w: World, key: string) => Promise<Answer>> = {
  uploadFile: (w, key) => {
    // The GraphQL multipart request: operations, map, then the file part "0".
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: mutationDocument(mutationField('uploadFile')), variables: { file: null, notes: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(samples.png())], { type: 'image/png' }), 'replay.png');
    return fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'x-auth-token': `Bearer ${w.token}`, 'x-idempotency-key': key, 'apollo-require-preflight': 'true' },
      body: form,
    }).then(async (res) => ({ status: res.status, raw: await res.text(), replayed: res.headers.get('idempotent-replayed'), requestId: res.headers.get('x-request-id') }));
  },
  fileDownloadLinks: async (w, key) => call(w, 'fileDownloadLinks', { input: { fileIds: [await uploadedPdf(w.c)] } }, key),
  createCardPanToken: async (w, key) => call(w, 'createCardPanToken', { input: { cardId: await activeCard(w) } }, key),
  terminalPinKey: async (w, key) => call(w, 'terminalPinKey', { input: { terminalId: (await registered(w.c)).terminal_id, prvKey: prvKey() } }, key),
  manageCardPin: async (w, key) => call(w, 'manageCardPin', { input: { cardId: await activePhysical(w), pin: '135790', type: 'SET' } }, key),
};

const call = (w: World, name: string, variables: Json, key: string) => graphqlCall(base, w, mutationDocument(mutationField(name)), variables, key);

describe('every mutation', () => {
  it.each(Object.entries(GRAPHQL_TABLE))('%s: replays the same answer, refuses other variables, and makes one effect of concurrent duplicates', async (name, fixture) => {
    const field = mutationField(name);
    await checkMutation(t, base, { field, document: mutationDocument(field), prepare: fixture.prepare, shownOnce: fixture.shownOnce, permissions: fixture.permissions });
  });
});
