import { z } from 'zod';
import { DomainError, envelopeA } from '../errors/domain-error';

/**
 * Validation schemas live in the domain (zod) and report field paths. This turns the first issue
 * into a DomainError whose message names the field the way spec 7.1 shows ("Field 'X' is required",
 * "Invalid type for field 'X'") or carries the specific text a schema gives through a custom message.
 */

export interface FieldIssue {
  field: string;
  rule: 'required' | 'invalid_type' | 'invalid_value';
  message: string;
}

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** Marks a zod message as the exact text to show (a spec table's message), not a rule description. */
const EXACT = '\u0000exact:';
export const exactMessage = (text: string): string => `${EXACT}${text}`;

export function issueOf(issue: z.core.$ZodIssue): FieldIssue {
  const field = fieldPath(issue.path) || 'body';
  if (issue.message.startsWith(EXACT)) {
    return { field, rule: 'invalid_value', message: issue.message.slice(EXACT.length) };
  }
  if (issue.code === 'invalid_type') {
    const missing = (issue as { input?: unknown }).input === undefined;
    return missing
      ? { field, rule: 'required', message: `Field '${field}' is required` }
      : { field, rule: 'invalid_type', message: `Invalid type for field '${field}'` };
  }
  return { field, rule: 'invalid_value', message: `Invalid value for field '${field}': ${issue.message}` };
}

export function validationError(issue: FieldIssue): DomainError {
  return new DomainError({
    code: 'validation_failed',
    message: issue.message,
    status: 400,
    kind: 'validation',
    field: issue.field,
    accountCenter: { status: 400, message: issue.message },
    issuance: envelopeA('invalid_request_error', 'invalid_request_error', issue.message),
  });
}

/** Parses input with a schema or throws the validation DomainError of its first issue. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: zod 4 only attaches the offending value when asked, and a missing field is told
  // apart from a wrongly typed one by that value.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(issueOf(result.error.issues[0]!));
}
