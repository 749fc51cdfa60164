import { defineErrors } from './catalogue';
import { DomainError, envelopeA, envelopeB } from './domain-error';

/**
 * Errors that any route can raise (authentication, tenancy, idempotency, transport), with the exact
 * text spec 7.1 and 7.2 give in each family. Area errors live in their area's errors.ts.
 */

const INTERNAL_AC = 'An internal error occurred, please try again later';
const INTERNAL_IS = 'An internal error occurred, please try again';

export const platformErrors = defineErrors('platform', 'every', {
  /** 5.2: a value starting with Bearer that is not exactly "Bearer <token>". Same body in every family. */
  invalidAuthorizationHeader: () =>
    new DomainError({
      code: 'invalid_authorization_header',
      message: 'Invalid authorization header',
      status: 401,
      kind: 'authentication',
      accountCenter: { status: 401, message: 'Invalid authorization header', form: 'error_field' },
      issuance: { envelope: 'error_field', status: 401, message: 'Invalid authorization header' },
    }),

  /** 5.4: token missing, malformed, forged or expired. */
  authorizationError: (reason: 'missing' | 'invalid' | 'expired') =>
    new DomainError({
      code: reason === 'expired' ? 'token_expired' : 'authorization_error',
      message: 'Authorization error',
      status: 403,
      kind: 'authentication',
      accountCenter: { status: 403, message: 'Authorization error' },
      issuance: envelopeA(
        'unauthorized_error',
        'unauthorized_error',
        reason === 'expired' ? 'Token expired' : reason === 'missing' ? 'Access token is required' : 'Invalid access token',
      ),
    }),

  /** 7.1: the token's claims resolve to no entity. */
  accessTokenErr: () =>
    new DomainError({
      code: 'access_token_err',
      message: 'access token err',
      status: 400,
      kind: 'authentication',
      accountCenter: { status: 400, message: 'access token err' },
      issuance: envelopeA('account_error', 'account_not_found', 'account not found or deactivated'),
    }),

  /** 5.3: x-client-id missing where required, or not the token's client. */
  clientIdMissing: () =>
    new DomainError({
      code: 'client_id_mismatch',
      message: 'x-client-id or email cannot be empty',
      status: 403,
      kind: 'authentication',
      accountCenter: { status: 403, message: 'x-client-id or email cannot be empty' },
      issuance: envelopeA('unauthorized_error', 'unauthorized_error', 'x-client-id does not match the access token'),
    }),

  /** 5.5: caller address not on the key's allow-list. */
  ipNotAllowed: () =>
    new DomainError({
      code: 'ip_not_allowed',
      message: 'IP not allowed',
      status: 400,
      kind: 'authorization',
      accountCenter: { status: 400, message: 'IP not allowed' },
      issuance: envelopeA('unauthorized_error', 'unauthorized_error', 'IP not allowed'),
    }),

  /** 5.6: x-on-behalf-of is not a sub-account of the calling master. */
  onBehalfOfInvalid: () =>
    new DomainError({
      code: 'on_behalf_of_invalid',
      message: 'x-on-behalf-of value err',
      status: 400,
      kind: 'authorization',
      field: 'x-on-behalf-of',
      accountCenter: { status: 400, message: 'x-on-behalf-of value err' },
      issuance: envelopeA(
        'account_error',
        'sub_account_not_found',
        'sub-account associated with the on-behalf-of not found or deactivated',
      ),
    }),

  /**
   * A rate limit of the caller's address, client or key is spent (docs/security.md): 429 in either
   * family with the text 7.2 gives its 429 (the account-center family has none), and Retry-After.
   */
  tooManyRequests: (retryAfterSeconds: number) =>
    new DomainError({
      code: 'rate_limited',
      message: `Request is too frequent: retry after ${retryAfterSeconds} s`,
      status: 429,
      kind: 'rate_limit',
      accountCenter: { status: 429, message: 'Request is too frequent' },
      issuance: envelopeB('Request is too frequent', 429),
      retryAfterSeconds,
    }),

  /** 5.7: the API key lacks a permission the call needs. */
  permissionDenied: (permission: string) =>
    new DomainError({
      code: 'forbidden',
      message: `API key lacks permission ${permission}`,
      status: 403,
      kind: 'authorization',
      accountCenter: { status: 403, message: 'Authorization error' },
      issuance: envelopeA('unauthorized_error', 'forbidden', 'API key lacks permission'),
    }),

  malformedJson: () =>
    new DomainError({
      code: 'malformed_json',
      message: 'Request body is not valid JSON',
      status: 400,
      kind: 'validation',
      accountCenter: { status: 400, message: 'Request body is not valid JSON' },
      issuance: envelopeB('Params JSON error'),
    }),

  /** Nesting no payrail body needs; refused before any parser or schema recurses into it. */
  bodyTooDeep: (maxDepth: number) =>
    new DomainError({
      code: 'body_too_deep',
      message: `Request body nests deeper than ${maxDepth} levels`,
      status: 400,
      kind: 'validation',
      accountCenter: { status: 400, message: `Request body nests deeper than ${maxDepth} levels` },
      issuance: envelopeB(`Request body nests deeper than ${maxDepth} levels`),
    }),

  unsupportedContentType: (accepted: string) =>
    new DomainError({
      code: 'unsupported_content_type',
      message: `Content-Type must be ${accepted}`,
      status: 400,
      kind: 'validation',
      accountCenter: { status: 400, message: `Content-Type must be ${accepted}` },
      issuance: envelopeB('Content type is not supported, please upload the correct format'),
    }),

  bodyTooLarge: (limitBytes: number) =>
    new DomainError({
      code: 'body_too_large',
      message: `Request body exceeds ${limitBytes} bytes`,
      status: 413,
      kind: 'validation',
      accountCenter: { status: 413, message: `Request body exceeds ${limitBytes} bytes` },
      issuance: envelopeB(`Request body exceeds ${limitBytes} bytes`, 413),
    }),

  /** A URL whose percent-encoding does not decode (a lone %, or bytes that are not UTF-8). */
  badUrl: () =>
    new DomainError({
      code: 'bad_url',
      message: 'Request URL is not valid: malformed percent-encoding',
      status: 400,
      kind: 'validation',
      accountCenter: { status: 400, message: 'Request URL is not valid: malformed percent-encoding' },
      issuance: envelopeA('invalid_request_error', 'invalid_request_error', 'Request URL is not valid: malformed percent-encoding'),
    }),

  /** A path parameter over the router's limit: no identifier is that long. */
  uriTooLong: (maxChars: number) =>
    new DomainError({
      code: 'uri_too_long',
      message: `Request URL is too long: a path parameter exceeds ${maxChars} characters`,
      status: 414,
      kind: 'validation',
      accountCenter: { status: 414, message: `Request URL is too long: a path parameter exceeds ${maxChars} characters` },
      issuance: envelopeB(`Request URL is too long: a path parameter exceeds ${maxChars} characters`, 414),
    }),

  notFound: () =>
    new DomainError({
      code: 'not_found',
      message: 'Not found',
      status: 404,
      kind: 'not_found',
      accountCenter: { status: 404, message: 'Not found' },
      issuance: envelopeB('Not found', 404),
    }),

  methodNotAllowed: () =>
    new DomainError({
      code: 'method_not_allowed',
      message: 'Method not allowed',
      status: 405,
      kind: 'not_found',
      accountCenter: { status: 405, message: 'Method not allowed' },
      issuance: envelopeB('Method not allowed', 405),
    }),

  /** An unexpected failure: no stack, SQL or internal names reach the client. */
  internal: () =>
    new DomainError({
      code: 'internal_error',
      message: INTERNAL_AC,
      status: 500,
      kind: 'internal',
      accountCenter: { status: 500, message: INTERNAL_AC, form: 'message_only' },
      issuance: envelopeA('api_error', 'api_error', INTERNAL_IS),
    }),
});

/**
 * A fault that is never the caller's doing but that operators must tell apart (a sealed value that
 * fails authentication): callers see the internal error, the code says which fault it was. This one
 * carries the internal error's shapes, for a shared group; an area's fault is `fault`.
 */
export const internalFault = (code: string): DomainError =>
  new DomainError({
    code,
    message: INTERNAL_IS,
    status: 500,
    kind: 'internal',
    accountCenter: { status: 500, message: INTERNAL_AC, form: 'message_only' },
    issuance: envelopeA('api_error', 'api_error', INTERNAL_IS),
  });

/**
 * An area's fault (a BIN whose numbers are used up), as `internalFault` but neutral: the area's REST
 * envelope table reads it as the internal error does. Its code stays a literal type, so that the table must name it.
 */
export const fault = <const C extends string>(code: C): DomainError<C> =>
  new DomainError({ code, message: INTERNAL_IS, status: 500, kind: 'internal' });

/** Idempotency errors (7.1 account-center messages, 7.2 envelope A codes). */
export const idempotencyErrors = defineErrors('idempotency', 'every', {
  keyFormat: () =>
    new DomainError({
      code: 'idempotency_key_format',
      message: 'Idempotency key error',
      status: 400,
      kind: 'idempotency',
      field: 'x-idempotency-key',
      accountCenter: { status: 400, message: 'Idempotency key error' },
      issuance: envelopeA('idempotency_error', 'invalid_key_format', 'invalid idempotency key format'),
    }),

  keyExpired: () =>
    new DomainError({
      code: 'idempotency_key_expired',
      message: 'Idempotency key error',
      status: 400,
      kind: 'idempotency',
      field: 'x-idempotency-key',
      accountCenter: { status: 400, message: 'Idempotency key error' },
      issuance: envelopeA(
        'idempotency_error',
        'invalid_key_format',
        'idempotency key expired: keys are not reusable after 24 hours',
      ),
    }),

  /**
   * A key whose record was kept from before fingerprints were keyed: it can no longer tell a retry
   * from another request, so it is not reusable, worded as an expired key.
   */
  keyRetired: () =>
    new DomainError({
      code: 'idempotency_key_retired',
      message: 'Idempotency key error',
      status: 400,
      kind: 'idempotency',
      field: 'x-idempotency-key',
      accountCenter: { status: 400, message: 'Idempotency key error' },
      issuance: envelopeA(
        'idempotency_error',
        'invalid_key_format',
        'idempotency key expired: it was used before an upgrade and is not reusable',
      ),
    }),

  otherEndpoint: () =>
    new DomainError({
      code: 'idempotency_key_other_endpoint',
      message: 'Idempotency endpoint error',
      status: 400,
      kind: 'idempotency',
      field: 'x-idempotency-key',
      accountCenter: { status: 400, message: 'Idempotency endpoint error' },
      issuance: envelopeA('idempotency_error', 'key_mismatch_api', 'api associated with key is not the original'),
    }),

  /** The spec leaves this open; see docs/decisions/platform/errors.md. */
  otherRequest: () =>
    new DomainError({
      code: 'idempotency_key_other_request',
      message: 'Idempotency key error: the key was already used with a different request body',
      status: 400,
      kind: 'idempotency',
      field: 'x-idempotency-key',
      accountCenter: {
        status: 400,
        message: 'Idempotency key error: the key was already used with a different request body',
      },
      issuance: envelopeA(
        'idempotency_error',
        'key_mismatch_request',
        'key was already used with a different request body',
      ),
    }),

  processing: () =>
    new DomainError({
      code: 'request_being_processed',
      message: 'Request is processing, please try again later.',
      status: 400,
      kind: 'idempotency',
      accountCenter: { status: 400, bodyCode: 200, message: 'Request is processing, please try again later.' },
      issuance: envelopeA('idempotency_error', 'request_being_processed', 'request is being processed'),
    }),
});
