import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { Client, clientOf } from '../support/client';
import {
  CreateSubAccountDocument,
  SubAccountsPageDocument,
  ViewerDocument,
  type BusinessType,
  type CreateSubAccountInput,
} from '../support/graphql.generated';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp({ config: { graphql: { maxDepth: 6, maxCost: 5000, maxAliases: 5 } } });
  master = await makeMaster(t.services, { name: 'Dashboard' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

describe('viewer', () => {
  it('returns the acting account with its sub-accounts and parent', async () => {
    const sub = await makeSub(t.services, master, 'Shop');
    const { data, errors } = await c.gql(ViewerDocument);
    expect(errors).toBeUndefined();
    const v = data!.viewer;
    expect(v).toMatchObject({ id: master.account.id, name: 'Dashboard', status: 'ACTIVE', isSandbox: true, parentId: null, parent: null });
    expect(new Date(v.createdAt).toISOString()).toBe(master.account.createdAt.toISOString());
    expect(v.subAccounts.totalCount).toBe(1);
    expect(v.subAccounts.edges[0]!.node).toEqual({ id: sub.id, name: 'Shop' });
    const asSub = await c.as(sub.id).gql(ViewerDocument);
    expect(asSub.data!.viewer).toMatchObject({ id: sub.id, parentId: master.account.id, parent: { id: master.account.id } });
  });

  it('answers introspection without a token, and viewer needs one', async () => {
    const anon = new Client(t, undefined);
    expect((await anon.gql('{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const refused = await anon.gql(ViewerDocument);
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'authorization_error', type: 'authentication', httpStatus: 403 });
  });
});

describe('subAccounts', () => {
  it('pages the connected sub-accounts oldest first with first/after (keyset cursors, all four PageInfo fields), each with its parent', async () => {
    const owner = await makeMaster(t.services, { name: 'Pager' });
    const made: string[] = [];
    for (const name of ['P1', 'P2', 'P3']) {
      made.push((await makeSub(t.services, owner, name)).id);
      t.clock.advance(1);
    }
    const pager = await clientOf(t, owner);
    const first = await pager.gql(SubAccountsPageDocument, { first: 2 });
    expect(first.errors).toBeUndefined();
    const page1 = first.data!.viewer.subAccounts;
    expect(page1).toMatchObject({ totalCount: 3, pageInfo: { hasPreviousPage: false, hasNextPage: true, startCursor: page1.edges[0]!.cursor } });
    const second = await pager.gql(SubAccountsPageDocument, { first: 2, after: page1.pageInfo.endCursor });
    const page2 = second.data!.viewer.subAccounts;
    expect(page2.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: false, startCursor: page2.edges[0]!.cursor, endCursor: page2.edges.at(-1)!.cursor });
    expect([...page1.edges, ...page2.edges].map((e) => e.node.id)).toEqual(made);
    for (const e of [...page1.edges, ...page2.edges]) {
      expect(e.node).toMatchObject({ parentId: owner.account.id, parent: { id: owner.account.id } });
    }
  });
});

describe('createSubAccount', () => {
  const create = async (input: CreateSubAccountInput, key?: string, masterName?: string) => {
    // A master that opened only ISSUING, to show the "corresponding service" rule.
    const caller = masterName ? await clientOf(t, await makeMaster(t.services, { name: masterName, businessTypes: ['ISSUING'] })) : c;
    return caller.gql(CreateSubAccountDocument, { input }, { key });
  };

  it('creates a connected sub-account, visible at once over REST', async () => {
    const { data } = await create({ name: 'Branch', businessTypes: ['ISSUING'] });
    const created = data!.createSubAccount.account!;
    expect(created).toMatchObject({ name: 'Branch', parentId: master.account.id, entityType: 'COMPANY', businessTypes: ['ISSUING'] });
    const rest = await c.get(`/v1/accounts/${created.id}`);
    expect(rest.body).toMatchObject({ account_id: created.id, account_name: 'Branch', business_code: ['ISSUING'] });
  });

  it('names the invalid field in its userError, as GraphQL names it', async () => {
    const { data, errors } = await create({ name: '' });
    expect(errors).toBeUndefined();
    expect(data!.createSubAccount.account).toBeNull();
    expect(data!.createSubAccount.userErrors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: ['input', 'name'] });
    // Outside the enum: refused by GraphQL itself before any resolver runs.
    const bad = await create({ name: 'x', businessTypes: ['CRYPTO' as BusinessType] });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', httpStatus: 400 });
    expect(bad.errors![0]!.message).toMatch(/BusinessType/);
    const twice = await create({ name: 'x', businessTypes: ['ISSUING', 'ISSUING'] });
    expect(twice.data!.createSubAccount.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'businessTypes': business types must be distinct",
      code: 'VALIDATION_FAILED',
      field: ['input', 'businessTypes'],
    });
    const notOpened = await create({ name: 'x', businessTypes: ['ACQUIRING'] }, undefined, 'Narrow');
    expect(notOpened.data!.createSubAccount.userErrors[0]).toMatchObject({ code: 'SERVICE_NOT_OPENED', field: ['input', 'businessTypes'] });
  });

  it('goes through the idempotency layer with x-idempotency-key: replay, body mismatch, concurrency', async () => {
    const key = randomUUID();
    const before = await t.db.prisma.account.count({ where: { parentId: master.account.id } });
    const results = await Promise.all(Array.from({ length: 10 }, () => create({ name: 'Once' }, key)));
    expect(await t.db.prisma.account.count({ where: { parentId: master.account.id } })).toBe(before + 1);
    const ok = results.filter((r) => r.data);
    expect(new Set(ok.map((r) => JSON.stringify(r.data))).size).toBe(1);
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0]!.extensions.code).toBe('request_being_processed');
    const replay = await create({ name: 'Once' }, key);
    expect(replay.data).toEqual(ok[0]!.data);
    const mismatch = await create({ name: 'Twice' }, key);
    expect(mismatch.errors![0]!.extensions.code).toBe('idempotency_key_other_request');
    const badKey = await create({ name: 'x' }, 'not-a-uuid');
    expect(badKey.errors![0]!.extensions).toMatchObject({ code: 'idempotency_key_format', field: 'x-idempotency-key' });
  });
});

// Abusive and malformed documents are sent as raw text: they are what the protections refuse.
describe('protection', () => {
  it('rejects queries deeper than the limit', async () => {
    const deep = '{ viewer { parent { parent { parent { parent { parent { parent { id } } } } } } } }';
    const { data, errors } = await c.gql(deep);
    expect(data).toBeUndefined();
    expect(errors![0]!.message).toMatch(/depth/i);
  });

  it('rejects too many aliases', async () => {
    const q = `{ ${Array.from({ length: 8 }, (_v, i) => `a${i}: viewer { id }`).join(' ')} }`;
    expect((await c.gql(q)).errors![0]!.message).toMatch(/alias/i);
  });

  it('blocks a GET query without a preflight header (CSRF prevention)', async () => {
    const res = await t.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/CSRF|preflight/i);
  });

  it('never returns stack traces', async () => {
    // The raw answer, every member of it, not only what the client reads.
    const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query: '{ viewer { id ' }, headers: { 'x-auth-token': `Bearer ${c.token}` } });
    expect(res.body).not.toMatch(/stacktrace|\.ts:|at /);
    const body = res.json() as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0]!.message).toMatch(/Syntax Error/);
    expect(body.errors[0]!.extensions).toMatchObject({ httpStatus: 400 });
  });

  it('serves no CDN landing page on GET /graphql from a browser', async () => {
    const res = await t.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(res.body).not.toMatch(/cdn|apollographql\.com|embeddable-sandbox/i);
  });
});
