import type { DomainError } from '../errors/domain-error';
import { validationError } from './validate';
import { quotedField } from '../errors/field-names';

/**
 * PostgreSQL text cannot hold U+0000: a string carrying it fails at the database, after the
 * request was accepted. Every string a client sends — a path parameter, a query parameter, a body
 * field or an object key, through either door — is checked once at the edge instead, and the
 * request is refused naming the first field that holds one.
 */

export type InputPath = ReadonlyArray<string | number>;

/** A field path as validation errors write it: `beneficiary.bank_details.iban`, `documentation[0].file_id`. */
export function formatInputPath(path: InputPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

interface Frame {
  value: unknown;
  key: string | number | undefined;
  parent: Frame | undefined;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | undefined = frame; f; f = f.parent) if (f.key !== undefined) path.unshift(f.key);
  return path;
}

/**
 * The path of the first string or object key holding U+0000, depth first in document order, or
 * undefined. Walks with its own stack: a body nested thousands deep must not exhaust the call stack.
 */
export function findNulCharacter(value: unknown): (string | number)[] | undefined {
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(frame);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: frame });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        stack.push({ value: child, key: k, parent: frame });
        // The key itself, met before its value: a key holding U+0000 is reported at its own path.
        if (k.includes('\u0000')) stack.push({ value: k, key: k, parent: frame });
      }
    }
  }
  return undefined;
}

export function nulCharacterError(path: InputPath): DomainError {
  const field = formatInputPath(path) || 'body';
  return validationError({
    field,
    rule: 'invalid_value',
    message: `Invalid value for field ${quotedField(field)}: must not contain the NUL character (U+0000)`,
  });
}

/** Throws the validation error of the first NUL character in the given inputs, in order. */
export function refuseNulCharacters(...inputs: unknown[]): void {
  for (const input of inputs) {
    const path = findNulCharacter(input);
    if (path) throw nulCharacterError(path);
  }
}
