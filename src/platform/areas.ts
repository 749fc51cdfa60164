import type { EventPayload } from './events/facts';

/** Any area's payload: its kind and view types are kept by the registry's own types. */
type AnyPayload = EventPayload<string, unknown>;

/**
 * What an area of the domain declares to the registry (src/domain/areas.ts, written from the area
 * folders by `npm run areas`): the kinds of view its events store. Its lifecycle registers its
 * transitions when its `area.ts` loads it.
 */
export interface AreaDefinition<P extends readonly AnyPayload[] = readonly AnyPayload[]> {
  readonly payloads: P;
}

export function defineArea<const P extends readonly AnyPayload[] = readonly []>(def: { payloads?: P }): AreaDefinition<P> {
  return { payloads: def.payloads ?? ([] as unknown as P) };
}

/** The entry of an area that declares nothing (no `area.ts`). */
export const EMPTY_AREA: AreaDefinition<readonly []> = { payloads: [] };

/** Each payload by its kind. A kind is the name a stored view is revived under, so two areas may not share one. */
export function payloadsByKind<const P extends readonly AnyPayload[]>(payloads: P): { readonly [X in P[number] as X['kind']]: X } {
  const byKind: Record<string, AnyPayload> = {};
  for (const p of payloads) {
    if (Object.hasOwn(byKind, p.kind)) throw new Error(`two areas store views of kind ${p.kind}`);
    byKind[p.kind] = p;
  }
  return byKind as { readonly [X in P[number] as X['kind']]: X };
}
