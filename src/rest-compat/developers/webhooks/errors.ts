import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { webhookErrors } from '../../../domain/developers/webhooks/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  webhook_delivery_not_found: accountCenter400,
  webhook_delivery_pending: accountCenter400,
  webhook_endpoint_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof webhookErrors>>;

export const webhookEnvelopes = envelopesOf(webhookErrors, table);
