import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, isDomainError, type ErrorKind } from '../platform/errors/domain-error';
import { platformErrors } from '../platform/errors/platform-errors';

/** The one place domain errors become GraphQL errors: extensions {code, type, httpStatus, field}. */
export function toGraphQLError(e: DomainError): GraphQLError {
  return new GraphQLError(e.message, {
    extensions: {
      code: e.code,
      type: e.kind,
      httpStatus: e.status,
      ...(e.field ? { field: e.field } : {}),
      ...(e.retryAfterSeconds !== undefined ? { retryAfter: e.retryAfterSeconds } : {}),
    },
  });
}

/**
 * An error met before Apollo sees the request (a body that is not JSON, a malformed URL): still a
 * GraphQL response, with the error's HTTP status.
 */
export function renderGraphQLTransportError(e: DomainError): { status: number; body: Record<string, unknown> } {
  return { status: e.status, body: { errors: [{ message: e.message, extensions: toGraphQLError(e).extensions }] } };
}

/** Apollo's formatError: domain errors keep their code; anything unexpected is an opaque internal error. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (isDomainError(original)) {
    return { ...formatted, message: original.message, extensions: toGraphQLError(original).extensions };
  }
  const code = formatted.extensions?.code;
  // Errors Apollo itself raises (parse, validation, armor limits) are safe to show as they are.
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, type: 'validation', httpStatus: 400 } };
  }
  // Apollo's own refusals of a client's request that carry an HTTP 4xx but no code (an automatic
  // persisted query whose hash does not match its text) are the client's error, not an internal one.
  if (error instanceof GraphQLError && !error.originalError && clientStatusOf(error) !== undefined) {
    const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: 'BAD_REQUEST', type: 'validation', httpStatus: clientStatusOf(error) } };
  }
  const internal = platformErrors.internal();
  return {
    message: internal.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: internal.code, type: internal.kind, httpStatus: 500 },
  };
}

function clientStatusOf(error: GraphQLError): number | undefined {
  const http: unknown = error.extensions.http;
  const status = typeof http === 'object' && http !== null && 'status' in http ? http.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** What an idempotent mutation stores of a refused call, to replay it as the same error. */
export interface StoredGraphQLError {
  code: string;
  /** The message with the fields it names still marked, so the replay renders them as the first answer did. */
  message: string;
  status: number;
  kind: ErrorKind;
  field?: string;
}

/** A stored error response of an idempotent mutation, turned back into the DomainError it was. */
export function domainErrorFromStored(stored: StoredGraphQLError): DomainError {
  return new DomainError({ code: stored.code, message: stored.message, status: stored.status, kind: stored.kind, field: stored.field });
}
