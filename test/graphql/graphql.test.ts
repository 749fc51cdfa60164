import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { CreateSubAccountMutation, ViewerQuery } from '../support/graphql.generated';
import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';

const doc = (name: string) => fs.readFileSync(path.join(__dirname, 'documents', `${name}.graphql`), 'utf8');

let t: TestApp;
let master: Tenant;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ config: { graphql: { maxDepth: 6, maxCost: 5000, maxAliases: 5 } } });
  master = await makeMaster(t.services, { name: 'Dashboard' });
  token = await tokenFor(t, master);
});
afterAll(() => t.close());

async function gql<T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = auth(token)) {
  const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers });
  return { status: res.statusCode, body: res.json() as { data?: T; errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

describe('viewer', () => {
  it('returns the acting account with its sub-accounts and parent', async () => {
    const sub = await makeSub(t.services, master, 'Shop');
    const { body } = await gql<ViewerQuery>(doc('viewer'));
    expect(body.errors).toBeUndefined();
    const v = body.data!.viewer;
    expect(v).toMatchObject({ id: master.account.id, name: 'Dashboard', status: 'ACTIVE', isSandbox: true, parentId: null, parent: null });
    expect(new Date(v.createdAt).toISOString()).toBe(master.account.createdAt.toISOString());
    expect(v.subAccounts.totalCount).toBe(1);
    expect(v.subAccounts.edges[0]!.node).toEqual({ id: sub.id, name: 'Shop' });
    const asSub = await gql<ViewerQuery>(doc('viewer'), {}, auth(token, { 'x-on-behalf-of': sub.id }));
    expect(asSub.body.data!.viewer).toMatchObject({ id: sub.id, parentId: master.account.id, parent: { id: master.account.id } });
  });

  it('answers introspection without a token, and viewer needs one', async () => {
    expect((await gql('{ __schema { queryType { name } } }', {}, {})).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const anon = await gql('{ viewer { id } }', {}, {});
    expect(anon.body.errors![0]!.extensions).toMatchObject({ code: 'authorization_error', type: 'authentication', httpStatus: 403 });
  });
});

describe('createSubAccount', () => {
  const create = async (input: Record<string, unknown>, key?: string, masterName?: string) => {
    // A master that opened only ISSUING, to show the "corresponding service" rule.
    const tok = masterName ? await tokenFor(t, await makeMaster(t.services, { name: masterName, businessTypes: ['ISSUING'] })) : token;
    return gql<CreateSubAccountMutation>(doc('create-sub-account'), { input }, { ...auth(tok), ...(key ? { 'x-idempotency-key': key } : {}) });
  };

  it('creates a connected sub-account, visible at once over REST', async () => {
    const { body } = await create({ name: 'Branch', businessTypes: ['ISSUING'] });
    const created = body.data!.createSubAccount;
    expect(created).toMatchObject({ name: 'Branch', parentId: master.account.id, entityType: 'COMPANY', businessTypes: ['ISSUING'] });
    const rest = await t.inject({ method: 'GET', url: `/api/v1/accounts/${created.id}`, headers: auth(token) });
    expect(rest.json()).toMatchObject({ account_id: created.id, account_name: 'Branch', business_code: ['ISSUING'] });
  });

  it('names the invalid field in extensions', async () => {
    const { body } = await create({ name: '' });
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', type: 'validation', httpStatus: 400, field: 'name' });
    const bad = await create({ name: 'x', businessTypes: ['CRYPTO'] });
    expect(bad.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', httpStatus: 400 });
    expect(bad.body.errors![0]!.message).toMatch(/BusinessType/);
    const notOpened = await create({ name: 'x', businessTypes: ['ACQUIRING'] }, undefined, 'Narrow');
    expect(notOpened.body.errors![0]!.extensions).toMatchObject({ code: 'service_not_opened', field: 'businessTypes' });
  });

  it('goes through the idempotency layer with x-idempotency-key: replay, body mismatch, concurrency', async () => {
    const key = randomUUID();
    const before = await t.db.prisma.account.count({ where: { parentId: master.account.id } });
    const results = await Promise.all(Array.from({ length: 10 }, () => create({ name: 'Once' }, key)));
    expect(await t.db.prisma.account.count({ where: { parentId: master.account.id } })).toBe(before + 1);
    const ok = results.filter((r) => r.body.data);
    expect(new Set(ok.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    for (const r of results.filter((x) => x.body.errors)) expect(r.body.errors![0]!.extensions.code).toBe('request_being_processed');
    const replay = await create({ name: 'Once' }, key);
    expect(replay.body.data).toEqual(ok[0]!.body.data);
    const mismatch = await create({ name: 'Twice' }, key);
    expect(mismatch.body.errors![0]!.extensions.code).toBe('idempotency_key_other_request');
    const badKey = await create({ name: 'x' }, 'not-a-uuid');
    expect(badKey.body.errors![0]!.extensions).toMatchObject({ code: 'idempotency_key_format', field: 'x-idempotency-key' });
  });
});

describe('protection', () => {
  it('rejects queries deeper than the limit', async () => {
    const deep = '{ viewer { parent { parent { parent { parent { parent { parent { id } } } } } } } }';
    const { body } = await gql(deep);
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toMatch(/depth/i);
  });

  it('rejects too many aliases', async () => {
    const q = `{ ${Array.from({ length: 8 }, (_v, i) => `a${i}: viewer { id }`).join(' ')} }`;
    expect((await gql(q)).body.errors![0]!.message).toMatch(/alias/i);
  });

  it('blocks a GET query without a preflight header (CSRF prevention)', async () => {
    const res = await t.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/CSRF|preflight/i);
  });

  it('never returns stack traces', async () => {
    const { body } = await gql('{ viewer { id ');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|\.ts:|at /);
    expect(body.errors![0]!.message).toMatch(/Syntax Error/);
    expect(body.errors![0]!.extensions).toMatchObject({ httpStatus: 400 });
  });

  it('serves no CDN landing page on GET /graphql from a browser', async () => {
    const res = await t.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(res.body).not.toMatch(/cdn|apollographql\.com|embeddable-sandbox/i);
  });
});
