import type { DomainError, Family } from '../domain/errors/domain-error';

/** A rendered error: HTTP status and the JSON body of its family's envelope. */
export interface RenderedError {
  status: number;
  body: Record<string, unknown>;
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
    // Errors without an issuance shape (none are expected on issuance routes) fall back to envelope B.
    const status = e.accountCenter?.status ?? e.status;
    return { status, body: { code: status, message: e.accountCenter?.message ?? e.message } };
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
