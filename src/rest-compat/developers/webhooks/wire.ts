import { createEndpointCommand, deliveryFilter, updateEndpointCommand } from '../../../domain/developers/webhooks/rules';
import { wireCommand, type WireCommand } from '../../shared/command';

/** The wire form under the name the OpenAPI document has always given its body. */
const documentedAs = (wire: WireCommand, id: string): WireCommand => ({ ...wire, schema: wire.schema.meta({ id }) });

/** The endpoint bodies: the command's members in snake_case (`event_names`). */
export const createEndpointWire = documentedAs(wireCommand(createEndpointCommand), 'WebhookEndpointCreateRequest');
export const updateEndpointWire = documentedAs(wireCommand(updateEndpointCommand), 'WebhookEndpointUpdateRequest');

/** The deliveries list's query string: endpoint_id, event_id, event_name, status. */
export const deliveryFilterWire = wireCommand(deliveryFilter);
