import { GuardedReadCache, guardedReadCache } from '../../src/platform/writes/read-cache';
import { WriteSet } from '../../src/platform/writes/write-set';

describe('GuardedReadCache', () => {
  it('keeps at most its limit, dropping the least recently used copy first', () => {
    const cache = new GuardedReadCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('is one cache per database handle and name', () => {
    const db1 = {};
    const db2 = {};
    guardedReadCache<number>(db1, 'rows').set('k', 1);
    expect(guardedReadCache<number>(db1, 'rows').get('k')).toBe(1);
    expect(guardedReadCache<number>(db2, 'rows').get('k')).toBeUndefined();
    expect(guardedReadCache<number>(db1, 'other').get('k')).toBeUndefined();
  });
});

describe('a write set prepared from cached copies', () => {
  it('drops them when refused as stale, once, including those of a set appended to it', () => {
    const cache = new GuardedReadCache<string>(10);
    cache.set('mine', 'x');
    cache.set('appended', 'y');
    const writes = new WriteSet();
    writes.usedCachedRead(() => cache.delete('mine'));
    const other = new WriteSet();
    other.usedCachedRead(() => cache.delete('appended'));
    writes.append(other);

    writes.forgetCachedReads();
    expect([cache.get('mine'), cache.get('appended')]).toEqual([undefined, undefined]);
    cache.set('mine', 'fresh');
    writes.forgetCachedReads(); // already forgotten: the fresh copy stays
    expect(cache.get('mine')).toBe('fresh');
  });
});
