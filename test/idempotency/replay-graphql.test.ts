import type { GraphQLSchema } from 'graphql';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { startTestApp, type TestApp } from '../support/app';
import { checkMutation, freshKey, freshWorld, graphqlCall, listen, mutationDocument, storedEndpoints } from '../support/replay';
import { closeTables, GRAPHQL_NOT_IDEMPOTENT, GRAPHQL_TABLE } from './replay-table';

/**
 * Every GraphQL mutation of the schema, replayed as REST routes are (replay-rest.test.ts): the key
 * is x-idempotency-key on the request, the endpoint `graphql:<mutation field>` (docs/decisions.md,
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

  it('lists mutations outside the layer that are truly outside it: a call with a key stores no record', async () => {
    const w = await freshWorld(t, 'Outside the layer');
    const stored: Record<string, string[]> = {};
    for (const name of Object.keys(GRAPHQL_NOT_IDEMPOTENT)) {
      if (name === 'uploadFile') continue; // a multipart request; its resolver is a plain `query` (files/resolver.ts), read below
      const key = freshKey();
      const field = mutationField(name);
      // Any well-typed variables do: the layer, when there is one, stores refusals too.
      const variables = Object.fromEntries(field.args.map((a) => [a.name, { cardId: ANY, terminalId: ANY, prvKey: 'ab'.repeat(16), fileIds: [ANY], pin: '123456', type: 'SET' }]));
      await graphqlCall(base, w, mutationDocument(schema, field), variables, key);
      stored[name] = await storedEndpoints(t, w.id, key);
    }
    expect(stored).toEqual({ fileDownloadLinks: [], createCardPanToken: [], terminalPinKey: [], manageCardPin: [] });
  });
});

const ANY = '00000000-0000-4000-8000-000000000000';

describe('every mutation', () => {
  it.each(Object.entries(GRAPHQL_TABLE))('%s: replays the same answer, refuses other variables, and makes one effect of concurrent duplicates', async (name, fixture) => {
    const field = mutationField(name);
    await checkMutation(t, base, { field, document: mutationDocument(schema, field), prepare: fixture.prepare, shownOnce: fixture.shownOnce });
  });
});
