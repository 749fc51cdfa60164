import { compareKeys, keyOf, prismaBound, sqlBound, type ListOrder, type Side, type SortKey } from './keyset';
import type { KeysetWindow, ListWindow, Slice } from './list';

/** A page as a named `pg` statement reads it (stores that keep their SQL as named statements). */
export interface SqlPage {
  /** Appended to the statement's name: each form of the text is its own prepared statement. */
  name: string;
  /** ` AND (...)` after the list's own WHERE, or nothing. */
  bound: string;
  orderBy: string;
  limit: string;
  /** The values of the bound and the limit, from the parameter the store said comes next. */
  values: unknown[];
  /** Whether the window names rows by key: the rows read may be one more than the page. */
  keyset: boolean;
}

/**
 * One window of one list, as its finder reads it: the Prisma arguments or SQL of the window in the
 * list's order, and the slice made of the rows read. Every rule of keyset paging is here once:
 * bounds from the window's keys, reading one row more than the page to learn whether more follow,
 * reading backward for `last` and turning the rows round. An offset window (REST) reads exactly as
 * lists always have: the order, skip and take.
 */
export class ListPage {
  constructor(
    readonly order: ListOrder,
    readonly window: ListWindow,
  ) {}

  private get keyset(): KeysetWindow | undefined {
    return this.window.kind === 'keyset' ? this.window : undefined;
  }

  /** The direction rows are read in: the list's own, or its reverse for a backward window. */
  private get reading(): 'asc' | 'desc' {
    const flip = this.keyset?.backward === true;
    return flip === (this.order.direction === 'asc') ? 'desc' : 'asc';
  }

  /** Whether the window starts at an end of the list (no offset, no key): an empty answer means an empty list. */
  get fromAnEnd(): boolean {
    const w = this.window;
    return w.kind === 'keyset' ? !w.after && !w.before : w.skip === 0;
  }

  private bounds(): [Side, SortKey][] {
    const w = this.keyset;
    const out: [Side, SortKey][] = [];
    if (w?.after) out.push(['after', w.after]);
    if (w?.before) out.push(['before', w.before]);
    return out;
  }

  private catalogueOnly(): void {
    if (this.order.columns.some((c) => c.type === 'position')) throw new Error(`${this.order.list} is a catalogue in code: page it with ofAll`);
  }

  /** findMany's where, orderBy, skip and take for this window, the area's own `where` kept as it is. */
  prisma<W extends object>(where: W): { where: W; orderBy: Record<string, 'asc' | 'desc'>[]; skip?: number; take: number } {
    this.catalogueOnly();
    const orderBy = this.order.columns.map((c) => ({ [c.field]: this.reading }));
    const w = this.window;
    if (w.kind !== 'keyset') return { where, orderBy, skip: w.skip, take: w.take };
    const bounds = this.bounds().map(([side, key]) => prismaBound(this.order, side, key));
    // The bound is Prisma's own filter language; W is the model's where type, which AND of it is.
    const bounded = bounds.length === 0 ? where : ({ AND: [where, ...bounds] } as unknown as W);
    return { where: bounded, orderBy, take: w.take + 1 };
  }

  /** The window in SQL, its parameters numbered from `$first`. */
  sql(first: number): SqlPage {
    this.catalogueOnly();
    const orderBy = this.order.columns.map((c) => `${c.column} ${this.reading.toUpperCase()}`).join(', ');
    const w = this.window;
    if (w.kind !== 'keyset') return { name: '', bound: '', orderBy, limit: `LIMIT $${first} OFFSET $${first + 1}`, values: [w.take, w.skip], keyset: false };
    let n = first;
    const parts = this.bounds().map(([side, key]) => {
      const b = sqlBound(this.order, side, key, n);
      n += b.values.length;
      return b;
    });
    return {
      name: `_k${w.backward ? 'b' : 'f'}${w.after ? 'a' : ''}${w.before ? 'z' : ''}`,
      bound: parts.map((p) => ` AND ${p.text}`).join(''),
      orderBy,
      limit: `LIMIT $${n}`,
      values: [...parts.flatMap((p) => p.values), w.take + 1],
      keyset: true,
    };
  }

  /** The rows read (in reading order) as the window's rows in the list's order, with their keys. */
  private trim<R extends object>(rows: R[]): { rows: R[]; keys?: SortKey[]; more?: boolean } {
    const w = this.keyset;
    if (!w) return { rows };
    const page = rows.slice(0, w.take);
    if (w.backward) page.reverse();
    return { rows: page, keys: page.map((r) => keyOf(this.order, r, -1)), more: rows.length > w.take };
  }

  /** The slice of the rows read and the size of the whole list. */
  fromRows<R extends object, V>(rows: R[], totalCount: number, view: (row: R) => V): Slice<V> {
    const { rows: page, ...keys } = this.trim(rows);
    return { items: page.map(view), totalCount, ...keys };
  }

  /** The same, for views made of the whole page at once (one batched read for the page's rows). */
  async withViews<R extends object, V>(rows: R[], totalCount: number, views: (rows: R[]) => Promise<V[]>): Promise<Slice<V>> {
    const { rows: page, ...keys } = this.trim(rows);
    return { items: await views(page), totalCount, ...keys };
  }

  /** The common finder body: the rows of the window and the count, in parallel, as a slice. */
  async slice<R extends object, V>(rows: Promise<R[]>, count: Promise<number>, view: (row: R) => V): Promise<Slice<V>> {
    const [read, totalCount] = await Promise.all([rows, count]);
    return this.fromRows(read, totalCount, view);
  }

  /** The window of a list held whole in memory (a catalogue, a balance per currency), in the list's order. */
  ofAll<V extends object>(all: readonly V[]): Slice<V> {
    const w = this.window;
    if (w.kind !== 'keyset') return { items: all.slice(w.skip, w.skip + w.take), totalCount: all.length };
    const keyed = all.map((item, i) => ({ item, key: keyOf(this.order, item, i) }));
    const inside = keyed.filter(({ key }) =>
      this.bounds().every(([side, bound]) => (side === 'after' ? compareKeys(this.order, key, bound) > 0 : compareKeys(this.order, key, bound) < 0)),
    );
    const page = w.backward ? inside.slice(Math.max(inside.length - w.take, 0)) : inside.slice(0, w.take);
    return { items: page.map((p) => p.item), totalCount: all.length, keys: page.map((p) => p.key), more: inside.length > w.take };
  }
}
