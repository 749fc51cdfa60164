import { z } from 'zod';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../../domain/webhooks/rules';
import { secretAnswer } from '../../domain/validation/sensitive';
import { dateTime, uuid } from '../shared/wire';

/** A webhook endpoint (issue 11). event_names null: every event. */
export const restWebhookEndpoint = z
  .object({
    webhook_endpoint_id: uuid,
    url: z.string(),
    event_names: z.array(z.string()).nullable(),
    status: z.enum(ENDPOINT_STATUSES),
    consecutive_failures: z.number().int(),
    create_time: dateTime,
    update_time: dateTime,
  })
  .meta({ id: 'WebhookEndpoint' });

/**
 * Create and rotate_secret answer the endpoint with its signing secret: the only times it is shown.
 * An idempotent replay of either answers the endpoint without it (the stored answer never held it).
 */
export const restWebhookEndpointWithSecret = restWebhookEndpoint
  .extend({ secret: secretAnswer(z.string()).optional().describe('the HMAC-SHA512 signing key; shown once: absent from idempotent replays') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const restWebhookDelivery = z
  .object({
    webhook_delivery_id: uuid,
    webhook_endpoint_id: uuid,
    event_id: uuid,
    event_name: z.string(),
    account_id: uuid.describe("the event's account: the endpoint's own or a sub-account's"),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_attempt_time: dateTime.nullable(),
    last_attempt_time: dateTime.nullable(),
    last_status_code: z.number().int().nullable(),
    last_answer: z.string().nullable().describe('the first 1 KiB of the last answer'),
    last_error: z.string().nullable(),
    create_time: dateTime,
  })
  .meta({ id: 'WebhookDelivery' });
