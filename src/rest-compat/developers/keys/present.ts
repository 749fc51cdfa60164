import type { z } from 'zod';
import type { restToken } from './schemas';

/** TokenResponse as ref reads it (catalogue section 4): expired_at in Unix seconds. */
export const toRestToken = (t: { authToken: string; expiredAt: number }): z.input<typeof restToken> => ({
  auth_token: t.authToken,
  expired_at: t.expiredAt,
});
