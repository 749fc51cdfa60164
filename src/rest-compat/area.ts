import type { FastifyInstance } from 'fastify';
import type { PayloadKind, PayloadView } from '../domain/event-payloads';
import type { AppServices } from '../services';
import { registerEnvelopes, type AreaEnvelopes } from './envelope-tables';

/** An area's routes: each registers with registerRoute / registerPublicRoute. */
export type RestModule = (app: FastifyInstance, services: AppServices) => void;

/** How each kind of stored view reads on the wire: the webhook body's `data` (docs/area-shape.md, "Event payloads"). */
export type EventPresenters = { [K in PayloadKind]: (view: PayloadView<K>) => unknown };

/**
 * An event is no request: where a presenter puts a request's origin in front of a path (an RFI
 * file's link, next_action's page), the event carries the path alone, relative to payrail's own
 * origin (docs/webhooks.md).
 */
export const EVENT_ORIGIN = '';

/**
 * What an area's REST door adds (src/rest-compat/<group>/<area>/index.ts): its routes, and the
 * presenters of the kinds of view its events store. src/rest-compat/areas.ts gathers them.
 */
export function restArea<const P extends Partial<EventPresenters> = Record<never, never>>(def: {
  routes?: RestModule[];
  presenters?: P;
  /** How the area's error codes read on the wire (envelope-tables.ts). */
  envelopes?: AreaEnvelopes;
}) {
  if (def.envelopes) registerEnvelopes(def.envelopes);
  return { routes: def.routes ?? [], presenters: def.presenters ?? ({} as P) };
}
