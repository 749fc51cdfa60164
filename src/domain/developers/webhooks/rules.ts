import { z } from 'zod';
import { declaredEvents, type EventName } from '../../../platform/events/catalogue';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/**
 * Webhook commands in the domain's names. A URL is absolute http(s) with a host; event names come
 * from the one catalogue, and an unknown one is refused by name so a typo never silently drops events.
 */

export const ENDPOINT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What a delivery's last_error says, and all it says: the class of the last attempt's failure (the
 * outbound call's, `non_2xx` for an answer outside 2xx with its status in last_status_code, or
 * `internal_error` when payrail could not make the attempt). A customer never reads the receiver's
 * answer or a socket's words: they would make payrail a probe of the network it runs in.
 */
export const DELIVERY_FAILURES = ['non_2xx', 'timeout', 'refused', 'tls', 'dns', 'network', 'refused_address', 'bad_url', 'internal_error'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

export const MAX_URL_LENGTH = 2048;

const isHttpUrl = (text: string): boolean => {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
};

export const endpointUrl = z
  .string()
  .max(MAX_URL_LENGTH, { message: `must be at most ${MAX_URL_LENGTH} characters`, abort: true })
  .refine(isHttpUrl, { message: exactMessage(`Invalid value for field ${quotedField('url')}: must be an absolute http or https URL without credentials`) });

// Every area's names are declared once the registry is loaded, which each process does at start.
export const knownEventNames = (): string[] => [...declaredEvents().keys()];
const isEventName = (name: string): name is EventName => declaredEvents().has(name);

/** A list of catalogued names, at least one; unknown ones are named in the message. */
export const eventNames = z
  .array(z.string())
  .min(1, { message: 'must name at least one event (leave it out for every event)' })
  .max(200)
  .superRefine((names, ctx) => {
    const unknown = names.filter((n) => !isEventName(n));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: exactMessage(`Invalid value for field ${quotedField('eventNames')}: unknown event names: ${unknown.join(', ')}`) });
    }
  })
  .transform((names) => [...new Set(names)]);

export const createEndpointCommand = z.object({
  url: endpointUrl.describe('absolute http or https URL that receives the POSTs'),
  eventNames: eventNames.nullish().describe('the events to receive; absent or null for every event'),
});
export type CreateEndpointCommand = z.output<typeof createEndpointCommand>;

export const updateEndpointCommand = z.object({
  url: endpointUrl.optional(),
  eventNames: eventNames.nullish().describe('null for every event'),
  status: z.enum(ENDPOINT_STATUSES).optional().describe('DISABLED stops deliveries; ENABLED resumes them and resets the failure count'),
});
export type UpdateEndpointCommand = z.output<typeof updateEndpointCommand>;

export const deliveryFilter = z.object({
  endpointId: z.string().optional(),
  eventId: z.string().optional(),
  eventName: z.string().optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export type DeliveryFilter = z.output<typeof deliveryFilter>;
