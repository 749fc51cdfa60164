import { z } from 'zod';
import type { DomainError, Family, IssuanceErrorType } from '../platform/errors/domain-error';
import { platformErrors } from '../platform/errors/platform-errors';
import { accountCenterShapeOf, issuanceShapeOf } from './envelope-tables';

/**
 * The error bodies of spec 7, as zod schemas: the renderer below is typed by them and the OpenAPI
 * document describes each family's error responses with them (rest-compat/openapi/errors.ts).
 */
/** Every envelope A type (a Record, so that the compiler checks none is missing). */
const ISSUANCE_ERROR_TYPES: { [T in IssuanceErrorType]: T } = {
  invalid_request_error: 'invalid_request_error',
  card_error: 'card_error',
  cardholder_error: 'cardholder_error',
  account_error: 'account_error',
  idempotency_error: 'idempotency_error',
  unauthorized_error: 'unauthorized_error',
  api_error: 'api_error',
};

export const errorSchemas = {
  /** 7.1 {code, message}: code equals the status, except the "processing" answer (400, code 200). */
  accountCenter: z
    .object({ code: z.number().int(), message: z.string() })
    .strict()
    .meta({ id: 'AccountCenterError', description: 'Account-center envelope (spec 7.1): code normally equals the HTTP status' }),
  /** 7.1: the idempotency layer's 500 has no code field. */
  messageOnly: z
    .object({ message: z.string() })
    .strict()
    .meta({ id: 'InternalError', description: 'Internal failure (spec 7.1): no code field; safe to retry with the same key' }),
  /** 7.1 and 7.2: a malformed authorization header, in either family. */
  errorField: z
    .object({ error: z.string() })
    .strict()
    .meta({ id: 'AuthorizationHeaderError', description: 'HTTP 401 "Invalid authorization header" (spec 5.2)' }),
  /** 7.2 envelope A: type fixes the HTTP status. */
  issuanceA: z
    .object({ type: z.enum(ISSUANCE_ERROR_TYPES), code: z.string(), message: z.string() })
    .strict()
    .meta({ id: 'IssuanceErrorA', description: 'Card-issuance envelope A (spec 7.2): type fixes the HTTP status' }),
  /** 7.2 envelope B: flat {code, message}, code equal to the status. */
  issuanceB: z
    .object({ code: z.number().int(), message: z.string() })
    .strict()
    .meta({ id: 'IssuanceErrorB', description: 'Card-issuance envelope B (spec 7.2): flat, code equals the HTTP status' }),
};

type Body<K extends keyof typeof errorSchemas> = z.input<(typeof errorSchemas)[K]>;

/** A rendered error: HTTP status and the JSON body of its family's envelope. */
/** What any door's error renderer produces: a status and a JSON body (REST envelopes, GraphQL errors). */
export interface RenderedBody {
  status: number;
  body: unknown;
  /** Set when the error declares no shape for the route's family: rendered as its 500, to be logged. */
  undeclared?: true;
}

export interface RenderedError {
  status: number;
  body: Body<'accountCenter'> | Body<'messageOnly'> | Body<'errorField'> | Body<'issuanceA'> | Body<'issuanceB'>;
  /** Set when the error declares no shape for the route's family: rendered as its 500, to be logged. */
  undeclared?: true;
}

/** Spec 7.1: {code, message}, code equal to the status, with the quirks the shape declares. */
function renderAccountCenter(e: DomainError): RenderedError {
  const shape = accountCenterShapeOf(e) ?? { status: e.status, message: e.message };
  switch (shape.form) {
    case 'error_field':
      return { status: shape.status, body: { error: shape.message } };
    case 'message_only':
      return { status: shape.status, body: { message: shape.message } };
    default:
      return { status: shape.status, body: { code: shape.bodyCode ?? shape.status, message: shape.message } };
  }
}

/** Spec 7.2: envelope A {type, code, message} or envelope B {code, message}, as the error declares. */
function renderIssuance(e: DomainError): RenderedError {
  const shape = issuanceShapeOf(e);
  if (!shape) {
    // Every error an issuance route can raise declares its shape (test/unit/error-catalogue.test.ts);
    // one that does not is a defect, answered as the family's 500 and logged, never guessed.
    return { ...renderIssuance(platformErrors.internal()), undeclared: true };
  }
  switch (shape.envelope) {
    case 'A':
      return { status: shape.status, body: { type: shape.type, code: shape.code, message: shape.message } };
    case 'B':
      return { status: shape.status, body: { code: shape.status, message: shape.message } };
    case 'error_field':
      return { status: shape.status, body: { error: shape.message } };
  }
}

export function renderError(family: Family, e: DomainError): RenderedError {
  return family === 'issuance' ? renderIssuance(e) : renderAccountCenter(e);
}
