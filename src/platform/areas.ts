import type { EventPayload } from './events/facts';
import type { StatusColumn } from './lifecycle/status-columns';
import type { NodeTable } from './nodes/lookup';

/** Any area's payload: its kind and view types are kept by the registry's own types. */
type AnyPayload = EventPayload<string, unknown>;

/**
 * What an area of the domain declares to the registry (src/domain/areas.ts, written from the area
 * folders by `npm run areas`): the kinds of view its events store, the tables it inserts rows into
 * through write sets, the ledger references and entry kinds its journal entries carry, and its status
 * columns (each with the domain's array of values: `npm run sql:checks` holds the column to it by a
 * CHECK constraint), and the tables whose rows are objects a client looks up by id (`nodes`: GraphQL's
 * `node(id)`, platform/nodes/lookup.ts). Its lifecycle registers its transitions when its `area.ts` loads it.
 */
export interface AreaDefinition<
  P extends readonly AnyPayload[] = readonly AnyPayload[],
  T extends readonly string[] = readonly string[],
  R extends readonly string[] = readonly string[],
  K extends readonly string[] = readonly string[],
  N extends readonly NodeTable[] = readonly NodeTable[],
> {
  readonly payloads: P;
  readonly tables: T;
  readonly ledgerReferences: R;
  readonly entryKinds: K;
  readonly statusColumns: readonly StatusColumn[];
  readonly nodes: N;
}

export function defineArea<
  const P extends readonly AnyPayload[] = readonly [],
  const T extends readonly string[] = readonly [],
  const R extends readonly string[] = readonly [],
  const K extends readonly string[] = readonly [],
  const N extends readonly NodeTable[] = readonly [],
>(def: { payloads?: P; tables?: T; ledgerReferences?: R; entryKinds?: K; statusColumns?: readonly StatusColumn[]; nodes?: N }): AreaDefinition<P, T, R, K, N> {
  const none = [] as const;
  return {
    payloads: def.payloads ?? (none as unknown as P),
    tables: def.tables ?? (none as unknown as T),
    ledgerReferences: def.ledgerReferences ?? (none as unknown as R),
    entryKinds: def.entryKinds ?? (none as unknown as K),
    statusColumns: def.statusColumns ?? [],
    nodes: def.nodes ?? (none as unknown as N),
  };
}

/**
 * What an area adds to the platform's closed sets, by declaration merging next to the lists it
 * gives at run time: `interface AreaTables extends TablesOf<typeof area> {}` (write-set.ts),
 * `interface LedgerReferences extends ReferencesOf<typeof area> {}` and
 * `interface JournalEntryKinds extends EntryKindsOf<typeof area> {}` (ledger/references.ts).
 */
export type TablesOf<A extends AreaDefinition> = { readonly [X in A['tables'][number]]: true };
export type ReferencesOf<A extends AreaDefinition> = { readonly [X in A['ledgerReferences'][number]]: true };
export type EntryKindsOf<A extends AreaDefinition> = { readonly [X in A['entryKinds'][number]]: true };

/** The entry of an area that declares nothing (no `area.ts`). */
export const EMPTY_AREA: AreaDefinition<readonly [], readonly [], readonly [], readonly [], readonly []> = { payloads: [], tables: [], ledgerReferences: [], entryKinds: [], statusColumns: [], nodes: [] };

/** Each payload by its kind. A kind is the name a stored view is revived under, so two areas may not share one. */
export function payloadsByKind<const P extends readonly AnyPayload[]>(payloads: P): { readonly [X in P[number] as X['kind']]: X } {
  const byKind: Record<string, AnyPayload> = {};
  for (const p of payloads) {
    if (Object.hasOwn(byKind, p.kind)) throw new Error(`two areas store views of kind ${p.kind}`);
    byKind[p.kind] = p;
  }
  return byKind as { readonly [X in P[number] as X['kind']]: X };
}
