import Decimal from 'decimal.js';

/**
 * The one serialization of a domain view for the outbox: the view as JSON writes it. Its own field
 * names (camelCase); a Date as its ISO string and a Decimal as its decimal text (their toJSON);
 * undefined members left out; everything else as it is. A payload's shape names the members that
 * are Dates or Decimals: storing turns only those into text (a shallow copy, no walk of the whole
 * view, and JSON then meets plain values only, its fast path), and reviving turns them back, so a
 * reader gets the view back as it was written.
 */

/** A view once stored: what JSON keeps of it. */
export type Facts<V> = V extends Date | Decimal
  ? string
  : V extends readonly (infer E)[]
    ? Facts<E>[]
    : V extends object
      ? { [K in keyof V]: Facts<V[K]> }
      : V;

type Leaf = 'date' | 'decimal';
/** Whether T holds a Date or a Decimal, looked for a few levels down (JSON members hold neither). */
type HasLeaf<T, Depth extends unknown[] = []> = Depth['length'] extends 6
  ? false
  : [T] extends [never]
    ? false
    : T extends Date | Decimal
      ? true
      : T extends readonly (infer E)[]
        ? HasLeaf<E, [...Depth, 1]>
        : T extends object
          ? string extends keyof T
            ? false
            : true extends { [K in keyof T]-?: HasLeaf<T[K], [...Depth, 1]> }[keyof T]
              ? true
              : false
          : false;

/**
 * Where a view holds Dates and Decimals: every such member is named (the compiler refuses a shape
 * that leaves one out), nested objects by their own shape, arrays by their element's shape.
 */
export type Shape<V> = {
  [K in keyof V as true extends HasLeaf<V[K]> ? K : never]-?: ShapeOf<NonNullable<V[K]>>;
};
type ShapeOf<T> = T extends Date ? 'date' : T extends Decimal ? 'decimal' : T extends readonly (infer E)[] ? [ShapeOf<E>] : T extends object ? Shape<T> : never;

type AnyShape = Leaf | [AnyShape] | { [key: string]: AnyShape };

function store(v: unknown, shape: AnyShape): unknown {
  if (v === null || v === undefined) return v;
  if (shape === 'date') return (v as Date).toISOString();
  if (shape === 'decimal') return (v as Decimal).toFixed();
  if (Array.isArray(shape)) return (v as unknown[]).map((e) => store(e, shape[0]));
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in shape) if (out[k] !== undefined) out[k] = store(out[k], shape[k]!);
  return out;
}

function revive(v: unknown, shape: AnyShape): unknown {
  if (v === null || v === undefined) return v;
  if (shape === 'date') return new Date(v as string);
  if (shape === 'decimal') return new Decimal(v as string);
  if (Array.isArray(shape)) return (v as unknown[]).map((e) => revive(e, shape[0]));
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [k, s] of Object.entries(shape)) if (k in out) out[k] = revive(out[k], s);
  return out;
}

/** What a version-2 outbox row holds: the kind of view, and the view as stored. */
export interface StoredFacts<K extends string = string> {
  kind: K;
  view: unknown;
}

/** How the outbox stores one kind of view and gets it back. */
export interface EventPayload<K extends string, V> {
  kind: K;
  /** The view as the outbox stores it, with its kind. */
  facts(view: V): StoredFacts<K>;
  /** The stored view (StoredFacts.view) as the view it was written from. */
  revive(view: unknown): V;
}

/** `payloadOf<PayoutView>()('payout', { createdAt: 'date', … })`: the view type first, the kind inferred. */
export const payloadOf =
  <V>() =>
  <K extends string>(kind: K, shape: Shape<V>): EventPayload<K, V> => ({
    kind,
    facts: (view) => ({ kind, view: store(view, shape as unknown as AnyShape) }),
    revive: (view) => revive(view, shape as unknown as AnyShape) as V,
  });
