import { z } from 'zod';

/** TokenResponse as ref reads it (catalogue section 4). */
export const restToken = z.object({
  auth_token: z.string().describe('a signed JWT; send it as x-auth-token (raw or "Bearer <token>")'),
  expired_at: z.number().int().describe('when the token expires, in Unix seconds'),
});
