import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { HoldersPageDocument, IntentsPageDocument } from '../support/graphql.generated';
import { createIntent, merchant } from '../acquiring/payments/fixtures';
import { createHolder, issuer } from '../issuing/cardholders/fixtures';

/**
 * Connections page by keyset (docs/graphql.md, "Paging"): a cursor names a row by its sort key, so
 * rows arriving at the head of a newest-first list between two pages neither repeat a row nor skip
 * one. Payment intents are read by named SQL statements and cardholders by Prisma: both go through
 * the one page reader (src/platform/pagination/page-reader.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Vars = { first?: number; after?: string | null; last?: number; before?: string | null };
interface Page {
  totalCount: number;
  pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor?: string | null; endCursor?: string | null };
  edges: { cursor: string; node: { id: string } }[];
}

/** n rows made one after another; every third at the same instant as the one before (the id breaks the tie). */
async function make(n: number, one: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < n; i++) {
    if (i % 3 !== 1) t.clock.advance(1);
    await one();
  }
}

const ids = (p: Page) => p.edges.map((e) => e.node.id);

/** Pages a whole list forward with first/after, running `between` after every page. */
async function forward(read: (v: Vars) => Promise<Page>, size: number, between: () => Promise<unknown>): Promise<{ seen: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let after: string | null | undefined;
  for (;;) {
    const page = await read({ first: size, after });
    pages.push(page);
    if (!page.pageInfo.hasNextPage) return { seen: pages.flatMap(ids), pages };
    after = page.pageInfo.endCursor;
    await between();
  }
}

/** Pages a whole list backward with last/before, running `between` after every page; answers the rows in list order. */
async function backward(read: (v: Vars) => Promise<Page>, size: number, between: () => Promise<unknown>): Promise<{ seen: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let before: string | null | undefined;
  for (;;) {
    const page = await read({ last: size, before });
    pages.unshift(page);
    if (!page.pageInfo.hasPreviousPage) return { seen: pages.flatMap(ids), pages };
    before = page.pageInfo.startCursor;
    await between();
  }
}

const expectNoDuplicate = (seen: string[]) => expect(new Set(seen).size).toBe(seen.length);

describe.each([
  {
    list: 'paymentIntents (named SQL statements)',
    setUp: async () => {
      const { c } = await merchant(t, 'Live dashboard');
      const read = async (v: Vars): Promise<Page> => {
        const r = await c.gql(IntentsPageDocument, v);
        expect(r.errors).toBeUndefined();
        expect(r.data!.paymentIntents.nodes).toEqual(r.data!.paymentIntents.edges.map((e) => e.node));
        return r.data!.paymentIntents;
      };
      return { read, insert: () => createIntent(c) };
    },
  },
  {
    list: 'cardholders (Prisma)',
    setUp: async () => {
      const c: Client = await issuer(t, 'Live holders');
      const read = async (v: Vars): Promise<Page> => {
        const r = await c.gql(HoldersPageDocument, v);
        expect(r.errors).toBeUndefined();
        return r.data!.cardholders;
      };
      return { read, insert: () => createHolder(c) };
    },
  },
])('$list', ({ setUp }) => {
  it('pages newest first with first/after while rows arrive at the head: no duplicate, no gap', async () => {
    const { read, insert } = await setUp();
    await make(10, insert);
    const before = ids(await read({ first: 100 }));
    expect(before).toHaveLength(10);
    // Two new rows land at the head after every page, as on a live dashboard.
    const { seen, pages } = await forward(read, 3, () => make(2, insert));
    expect(seen).toEqual(before);
    expectNoDuplicate(seen);
    expect(pages.map((p) => p.edges.length)).toEqual([3, 3, 3, 1]);
    // The ends: nothing precedes the first page, nothing follows the last.
    expect(pages[0]!.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true, startCursor: pages[0]!.edges[0]!.cursor });
    expect(pages.at(-1)!.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false, endCursor: pages.at(-1)!.edges.at(-1)!.cursor });
    // The count is the whole list's at the moment each page was read.
    expect(pages.map((p) => p.totalCount)).toEqual([10, 12, 14, 16]);
  });

  it('pages the same list backward with last/before while rows arrive at the head: every row once, in order', async () => {
    const { read, insert } = await setUp();
    await make(10, insert);
    const { seen, pages } = await backward(read, 4, () => make(1, insert));
    expectNoDuplicate(seen);
    // Reading towards the head, the rows that arrived on the way are met too: the whole list as it is now.
    expect(seen).toEqual(ids(await read({ first: 100 })));
    expect(pages.at(-1)!.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(pages[0]!.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });

  it('answers an empty window with no cursors, and first: 0 with whether rows follow', async () => {
    const { read, insert } = await setUp();
    expect(await read({ first: 5 })).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null } });
    await make(2, insert);
    expect((await read({ first: 0 })).pageInfo).toMatchObject({ hasNextPage: true, startCursor: null });
    const all = await read({ first: 2 });
    expect(all.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    // A window between two rows of the list (after the first, before the last) is empty.
    const [a, b] = all.edges.map((e) => e.cursor);
    expect((await read({ first: 5, after: a, before: b })).edges).toEqual([]);
  });
});

describe('bad paging arguments are errors naming the argument, never a silent restart or clamp', () => {
  let c: Client;
  let holderCursor: string;
  beforeAll(async () => {
    ({ c } = await merchant(t, 'Bad pager'));
    await createIntent(c);
    const holders = await issuer(t, 'Cursor owner');
    await createHolder(holders);
    holderCursor = (await holders.gql(HoldersPageDocument, { first: 1 })).data!.cardholders.edges[0]!.cursor;
  });

  const refusal = async (v: Vars) => {
    const r = await c.gql(IntentsPageDocument, v);
    expect(r.data).toBeNull();
    expect(r.errors).toHaveLength(1);
    return { message: r.errors![0]!.message, ...r.errors![0]!.extensions };
  };
  const json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it.each([
    ['a negative first', { first: -1 }, 'first'],
    ['a negative last', { last: -1 }, 'last'],
    ['first over the maximum', { first: 101 }, 'first'],
    ['last over the maximum', { last: 101 }, 'last'],
    ['first together with last', { first: 1, last: 1 }, 'last'],
    ['a cursor that is not base64url', { first: 1, after: 'not a cursor!' }, 'after'],
    ['base64url that is not a cursor', { first: 1, after: json({ hello: 'world' }) }, 'after'],
    ['an offset cursor of the old form', { first: 1, after: Buffer.from('o:3').toString('base64url') }, 'after'],
    ['a cursor of another list', { first: 1, after: 'HOLDER' }, 'after'],
    ['a cursor whose key is not of the order types', { last: 1, before: 'FORGED' }, 'before'],
  ] as [string, Vars, string][])('%s', async (_why, vars, argument) => {
    const v = { ...vars };
    if (v.after === 'HOLDER') v.after = holderCursor;
    if (v.before === 'FORGED') {
      const good = JSON.parse(Buffer.from((await c.gql(IntentsPageDocument, { first: 1 })).data!.paymentIntents.edges[0]!.cursor, 'base64url').toString()) as { k: unknown[] };
      v.before = json({ ...good, k: ['yesterday', "'; DROP TABLE payment_intents; --"] });
    }
    const e = await refusal(v);
    expect(e).toMatchObject({ code: 'BAD_USER_INPUT', argument, type: 'validation', httpStatus: 400 });
    expect(e.message).toContain(`"${argument}"`);
  });

  it('takes first up to the maximum and 0 as asked', async () => {
    expect((await c.gql(IntentsPageDocument, { first: 100 })).errors).toBeUndefined();
    expect((await c.gql(IntentsPageDocument, { last: 0 })).data!.paymentIntents.edges).toEqual([]);
  });
});
