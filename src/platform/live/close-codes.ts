/**
 * The graphql-ws close codes payrail's live socket closes with when access ends, shared by the
 * server and payrail's own client (the CLI's listen). They are graphql-ws's CloseCode values, which
 * its clients understand: 4401 Unauthorized (no valid token, key or address; graphql-ws clients do
 * not retry it on their own) and 4403 Forbidden (the token is fine, acting as asked is not).
 */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

/** The reason of the 4401 sent when the socket's token expires: sign in with a new token and reconnect. */
export const TOKEN_EXPIRED_REASON = 'Unauthorized: Token expired';
