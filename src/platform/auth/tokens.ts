import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '../runtime/bounded-map';
import { newId } from '../ids/ids';
import { platformErrors } from '../errors/platform-errors';

/** The claims of an access token; ref clients decode them (catalogue section 4). */
export interface AccessTokenClaims {
  entity_id: string;
  short_entity_id: string;
  /** "0" for a master account, as ref fixtures show. */
  parent_entity_id: string;
  client_id: string;
  api_version: string;
  bus_type: string;
  iat: number;
  exp: number;
  jti: string;
}

export interface TokenSigner {
  key: Uint8Array;
  ttlSeconds: number;
}

export async function signAccessToken(
  signer: TokenSigner,
  now: Date,
  claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'jti'>,
): Promise<{ token: string; expiresAt: number; claims: AccessTokenClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const full: AccessTokenClaims = { ...claims, iat, exp: iat + signer.ttlSeconds, jti: newId() };
  const token = await new SignJWT({ ...full }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(signer.key);
  return { token, expiresAt: full.exp, claims: full };
}

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Tokens whose signature was verified, per signing key. A caller sends the same token on every call
 * until it expires, and WebCrypto's HMAC (a thread-pool job per call, as jose runs it) cost ~15% of
 * a write request's CPU (docs/performance.md). Only the signature check is remembered: expiry is
 * checked on every call, and the key, entity and client checks of `authenticate` run every time.
 * Bounded: the least recently used entries go first.
 */
const verifiedTokens = new WeakMap<Uint8Array, BoundedMap<string, AccessTokenClaims>>();
const VERIFIED_TOKENS_MAX = 10_000;

function remember(key: Uint8Array, token: string, claims: AccessTokenClaims): void {
  let cache = verifiedTokens.get(key);
  if (!cache) verifiedTokens.set(key, (cache = new BoundedMap(VERIFIED_TOKENS_MAX)));
  cache.set(token, claims);
}

/** Verifies signature and expiry against the clock; throws the 5.4 errors. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessTokenClaims> {
  const known = verifiedTokens.get(key)?.get(token);
  if (known) {
    // jose's rule with clockTolerance 0: expired once exp <= now (in whole seconds).
    if (known.exp <= Math.floor(now.getTime() / 1000)) throw platformErrors.authorizationError('expired');
    return known;
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now, clockTolerance: 0 }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw platformErrors.authorizationError('expired');
    throw platformErrors.authorizationError('invalid');
  }
  const { entity_id, client_id, jti, exp, iat } = payload;
  if (!str(entity_id) || !str(client_id) || !str(jti) || typeof exp !== 'number' || typeof iat !== 'number') {
    throw platformErrors.authorizationError('invalid');
  }
  const claims = Object.freeze(payload) as unknown as AccessTokenClaims;
  remember(key, token, claims);
  return claims;
}

/**
 * x-auth-token (5.2): the raw token, or exactly "Bearer", one space, the token. Anything else that
 * starts with Bearer (any case) is 401 Invalid authorization header.
 */
export function tokenFromHeader(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw platformErrors.authorizationError('missing');
  if (/^bearer/i.test(value)) {
    const match = /^Bearer ([^\s]+)$/.exec(value);
    if (!match) throw platformErrors.invalidAuthorizationHeader();
    return match[1]!;
  }
  if (/\s/.test(value)) throw platformErrors.authorizationError('invalid');
  return value;
}
