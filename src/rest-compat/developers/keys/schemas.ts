import { z } from 'zod';
import { secretAnswer, sensitiveInput } from '../../../platform/validation/sensitive';

/**
 * AU1's body, JSON or form. The token service checks the two values itself, each failure with the
 * flat message spec 7.1 lists for the token endpoint, so this schema only documents them. The body
 * is optional: without client_id and api_key in it, they are read from x-client-id and x-api-key.
 */
export const restTokenRequest = z
  .object({
    client_id: z.string().describe('The API client id'),
    api_key: sensitiveInput(z.string()).describe('The API key issued with it'),
  })
  .optional()
  .meta({ id: 'TokenRequest' });

/** TokenResponse as ref reads it (catalogue section 4). */
export const restToken = z
  .object({
    auth_token: secretAnswer(z.string()).describe('Send it in x-auth-token, raw or as "Bearer <token>"'),
    expired_at: z.number().int().describe('When the token expires, in Unix seconds'),
  })
  .meta({ id: 'TokenResponse' });
