/** TokenResponse as ref reads it (catalogue section 4): expired_at in Unix seconds. */
export const toRestToken = (t: { authToken: string; expiredAt: number }) => ({
  auth_token: t.authToken,
  expired_at: t.expiredAt,
});
