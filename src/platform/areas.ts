import type { EventPayload } from './events/facts';

/** Any area's payload: its kind and view types are kept by the registry's own types. */
type AnyPayload = EventPayload<string, unknown>;

/**
 * What an area of the domain declares to the registry (src/domain/areas.ts, written from the area
 * folders by `npm run areas`): the kinds of view its events store, and the tables it inserts rows
 * into through write sets. Its lifecycle registers its transitions when its `area.ts` loads it.
 */
export interface AreaDefinition<P extends readonly AnyPayload[] = readonly AnyPayload[], T extends readonly string[] = readonly string[]> {
  readonly payloads: P;
  readonly tables: T;
}

export function defineArea<const P extends readonly AnyPayload[] = readonly [], const T extends readonly string[] = readonly []>(def: {
  payloads?: P;
  tables?: T;
}): AreaDefinition<P, T> {
  return { payloads: def.payloads ?? ([] as unknown as P), tables: def.tables ?? ([] as unknown as T) };
}

/**
 * An area's tables as the write sets' `AreaTables` takes them: the area adds them by declaration
 * merging, next to the list it gives at run time (`interface AreaTables extends TablesOf<typeof area> {}`).
 */
export type TablesOf<A extends AreaDefinition> = { readonly [T in A['tables'][number]]: true };

/** The entry of an area that declares nothing (no `area.ts`). */
export const EMPTY_AREA: AreaDefinition<readonly [], readonly []> = { payloads: [], tables: [] };

/** Each payload by its kind. A kind is the name a stored view is revived under, so two areas may not share one. */
export function payloadsByKind<const P extends readonly AnyPayload[]>(payloads: P): { readonly [X in P[number] as X['kind']]: X } {
  const byKind: Record<string, AnyPayload> = {};
  for (const p of payloads) {
    if (Object.hasOwn(byKind, p.kind)) throw new Error(`two areas store views of kind ${p.kind}`);
    byKind[p.kind] = p;
  }
  return byKind as { readonly [X in P[number] as X['kind']]: X };
}
