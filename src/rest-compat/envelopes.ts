import type { DomainError, Family } from '../domain/errors/domain-error';
import { platformErrors } from '../domain/errors/platform-errors';

/** A rendered error: HTTP status and the JSON body of its family's envelope. */
export interface RenderedError {
  status: number;
  body: Record<string, unknown>;
  /** Set when the error declares no shape for the route's family: rendered as its 500, to be logged. */
  undeclared?: true;
}

/** Spec 7.1: {code, message}, code equal to the status, with the quirks the shape declares. */
function renderAccountCenter(e: DomainError): RenderedError {
  const shape = e.accountCenter ?? { status: e.status, message: e.message };
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
  const shape = e.issuance;
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
