import { listOrder, newestFirst } from '../../src/platform/pagination/keyset';
import { ListPage } from '../../src/platform/pagination/page-reader';

/** The one page reader: an offset window reads as lists always have; a keyset window by its bounds. */
describe('ListPage', () => {
  const order = newestFirst('things');

  it('gives REST its offset statement unchanged', () => {
    const p = new ListPage(order, { skip: 20, take: 10 }).sql(5);
    expect(p).toEqual({ name: '', bound: '', orderBy: 'created_at DESC, id DESC', limit: 'LIMIT $5 OFFSET $6', values: [10, 20], keyset: false });
    expect(new ListPage(order, { skip: 20, take: 10 }).prisma({ a: 1 })).toEqual({ where: { a: 1 }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: 20, take: 10 });
  });

  it('bounds a keyset window as one row value, reads one more row, and reverses the order for last', () => {
    const key = ['2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'];
    const fwd = new ListPage(order, { kind: 'keyset', take: 3, backward: false, after: key }).sql(5);
    expect(fwd).toMatchObject({ name: '_kfa', bound: ' AND (created_at, id) < ($5::timestamptz, $6::uuid)', orderBy: 'created_at DESC, id DESC', limit: 'LIMIT $7' });
    expect(fwd.values).toEqual([new Date(key[0]!), key[1], 4]);
    const back = new ListPage(order, { kind: 'keyset', take: 3, backward: true, before: key }).prisma({ a: 1 });
    expect(back).toEqual({
      where: { AND: [{ a: 1 }, { OR: [{ createdAt: { gt: new Date(key[0]!) } }, { createdAt: new Date(key[0]!), id: { gt: key[1] } }] }] },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 4,
    });
  });

  it('pages a list held in memory by key, in both directions', () => {
    const byCurrency = listOrder('balances', 'asc', ['currency', 'text']);
    const all = ['AUD', 'EUR', 'GBP', 'SGD', 'USD'].map((currency) => ({ currency }));
    const first = new ListPage(byCurrency, { kind: 'keyset', take: 2, backward: false }).ofAll(all);
    expect(first).toEqual({ items: all.slice(0, 2), totalCount: 5, keys: [['AUD'], ['EUR']], more: true });
    const next = new ListPage(byCurrency, { kind: 'keyset', take: 2, backward: false, after: ['EUR'] }).ofAll(all);
    expect(next.items).toEqual(all.slice(2, 4));
    const last = new ListPage(byCurrency, { kind: 'keyset', take: 2, backward: true, before: ['USD'] }).ofAll(all);
    expect(last).toMatchObject({ items: all.slice(2, 4), more: true });
    expect(new ListPage(byCurrency, { kind: 'keyset', take: 0, backward: true }).ofAll(all)).toMatchObject({ items: [], more: true });
  });
});
