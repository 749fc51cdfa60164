import { z } from 'zod';
import { defineErrors } from '../errors/catalogue';
import { DomainError, envelopeA } from '../errors/domain-error';
import { quotedField } from '../errors/field-names';

/**
 * The one input parser of payrail. Schemas live in the domain (zod), in the REST wire names the
 * specification uses, and report field paths. The first issue becomes a DomainError whose message
 * names the field the way spec 7.1 shows ("Field 'X' is required", "Invalid type for field 'X'"),
 * or carries the exact text a schema gives through `exactMessage`.
 *
 * Field names in messages are the paths the schema reports, marked (`quotedField`), so each door
 * shows them in its own names (src/platform/errors/field-names.ts) and the texts stay here.
 */

export interface FieldIssue {
  field: string;
  rule: 'required' | 'invalid_type' | 'invalid_value';
  message: string;
}

/** `a.b[0].c`: the form every message and `DomainError.field` use. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** Marks a zod message as the exact text to show (a spec table's message), not a rule description. */
const EXACT = '\u0000exact:';
export const exactMessage = (text: string): string => `${EXACT}${text}`;

/**
 * `Invalid value for field 'X': <rule>`: how a broken rule of a field reads, in a schema's issue or
 * in an area's own error that its REST door renders as the validation errors are.
 */
export const invalidValueText = (field: string, rule: string): string => `Invalid value for field ${quotedField(field)}: ${rule}`;

export function issueOf(issue: z.core.$ZodIssue): FieldIssue {
  const field = fieldPath(issue.path) || 'body';
  if (issue.message.startsWith(EXACT)) {
    return { field, rule: 'invalid_value', message: issue.message.slice(EXACT.length) };
  }
  if (issue.code === 'invalid_type') {
    const missing = (issue as { input?: unknown }).input === undefined;
    return missing
      ? { field, rule: 'required', message: `Field ${quotedField(field)} is required` }
      : { field, rule: 'invalid_type', message: `Invalid type for field ${quotedField(field)}` };
  }
  return { field, rule: 'invalid_value', message: invalidValueText(field, issue.message) };
}

/**
 * The validation DomainError of every area and both families: account-center `{code: 400,
 * message}`, card issuance envelope A `invalid_request_error` with the same message.
 */
export function validationError(issue: FieldIssue, others: readonly FieldIssue[] = []): DomainError {
  return new DomainError({ ...validationInit(issue), more: others.map(validationInit) });
}

function validationInit(issue: FieldIssue) {
  return {
    code: 'validation_failed' as const,
    message: issue.message,
    status: 400,
    kind: 'validation' as const,
    field: issue.field,
    accountCenter: { status: 400, message: issue.message },
    issuance: envelopeA('invalid_request_error', 'invalid_request_error', issue.message),
  };
}

/** `Invalid value for field 'X': <rule>` for a rule checked outside a schema. */
export const invalidField = (field: string, rule: string): DomainError =>
  validationError({ field, rule: 'invalid_value', message: invalidValueText(field, rule) });

/** `Field 'X' is required` (or a more specific required-text) for a rule checked outside a schema. */
export const requiredField = (field: string, message = `Field ${quotedField(field)} is required`): DomainError =>
  validationError({ field, rule: 'required', message });

/** Validation errors are raised on routes of every family. */
export const validationErrors = defineErrors('validation', 'every', {
  invalid: invalidField,
  required: requiredField,
  failed: (field: string, message: string) => validationError({ field, rule: 'invalid_value', message }),
});

export interface ParseOptions {
  /**
   * Where the input sits in the request, as a wire path: an inline beneficiary of a payout is
   * parsed with `at: 'beneficiary'`, so its errors read "beneficiary.company_name".
   */
  at?: string;
}

/**
 * Parses input with a schema or throws the validation DomainError of its first issue, carrying
 * the first issue of every other field too: REST answers the first (the envelopes hold one
 * message), GraphQL lists each as a userError. A field that breaks several rules reads as the first
 * it breaks, as REST reports it: one message per field, for a form to show beside it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, opts: ParseOptions = {}): z.output<S> {
  // reportInput: zod 4 only attaches the offending value when asked, and a missing field is told
  // apart from a wrongly typed one by that value.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const prefix = opts.at ? opts.at.split('.') : [];
  const issues = result.error.issues.map((issue) => issueOf(prefix.length ? ({ ...issue, path: [...prefix, ...issue.path] } as typeof issue) : issue));
  const seen = new Set<string>();
  const distinct = issues.filter((i) => {
    if (seen.has(i.field)) return false;
    seen.add(i.field);
    return true;
  });
  throw validationError(distinct[0]!, distinct.slice(1));
}
