import type { AccountCenterShape, DomainError, IssuanceErrorType } from '../platform/errors/domain-error';
import { statusOfIssuanceType } from '../platform/errors/domain-error';
import { groupNameOf, type ErrorCodeOf, type ErrorFactories } from '../platform/errors/catalogue';

/**
 * How an area's errors read on the REST wire (spec 7.1 account-center, 7.2 card issuance A/B).
 * The domain raises errors by code with a neutral message and status; each area's REST door
 * declares the envelope of each of its codes in a table typed `satisfies Record<Code, RestEnvelope>`
 * (src/rest-compat/<group>/<area>/errors.ts), so the compiler refuses a table that misses a code.
 * A message left out is the error's own (with its fields named on the wire).
 */
export interface RestEnvelope {
  accountCenter?: Omit<AccountCenterShape, 'message'> & { message?: string };
  issuance?:
    | { envelope: 'A'; type: IssuanceErrorType; code: string; message?: string }
    | { envelope: 'B'; status?: number; message?: string };
}

export type EnvelopeTable<C extends string> = Readonly<Record<C, RestEnvelope>>;

/** Envelope A of a type and code (its status is the type's), with the error's message. */
export const envelopeA = (type: IssuanceErrorType, code: string, message?: string): RestEnvelope['issuance'] => ({
  envelope: 'A',
  type,
  code,
  ...(message !== undefined ? { message } : {}),
});

/** Envelope B (flat {code, message}) with the error's status unless given. */
export const envelopeB = (status?: number, message?: string): RestEnvelope['issuance'] => ({
  envelope: 'B',
  ...(status !== undefined ? { status } : {}),
  ...(message !== undefined ? { message } : {}),
});

/**
 * An entry that reads as another error does, in both families: an area's fault reads as the
 * platform's internal error (`asError(platformErrors.internal())`), so its texts stay written once.
 */
export function asError(e: DomainError): RestEnvelope {
  const is = e.issuance;
  if (is?.envelope === 'error_field') throw new Error(`${e.code}: the error_field form is no table entry`);
  return {
    ...(e.accountCenter ? { accountCenter: e.accountCenter } : {}),
    ...(is === undefined ? {} : { issuance: is.envelope === 'A' ? envelopeA(is.type, is.code, is.message) : envelopeB(is.status, is.message) }),
  };
}

/** An area's table, for the group of errors it covers. */
export interface AreaEnvelopes {
  group: string;
  table: Readonly<Record<string, RestEnvelope>>;
}

/**
 * The table of an area's errors; typed by the group's codes, so that a code missing from the table
 * (or one the group does not raise) does not compile.
 */
export function envelopesOf<F extends ErrorFactories>(errors: F, table: EnvelopeTable<ErrorCodeOf<F>>): AreaEnvelopes {
  return { group: groupNameOf(errors), table };
}

const tables = new Map<string, Readonly<Record<string, RestEnvelope>>>();

/** Registers an area's table when its REST door loads (area.ts). */
export function registerEnvelopes(envelopes: AreaEnvelopes): void {
  tables.set(envelopes.group, envelopes.table);
}

/** The registered tables by error group. */
export const envelopeTables = (): ReadonlyMap<string, Readonly<Record<string, RestEnvelope>>> => tables;

const declaredFor = (e: DomainError): RestEnvelope | undefined =>
  e.group === undefined ? undefined : tables.get(e.group)?.[e.code];

/** The account-center shape of an error: its area's table, else what the error itself declares. */
export function accountCenterShapeOf(e: DomainError): AccountCenterShape | undefined {
  const declared = declaredFor(e)?.accountCenter;
  if (declared) return { ...declared, message: declared.message ?? e.message };
  return e.accountCenter;
}

/** The issuance shape of an error: its area's table, else what the error itself declares. */
export function issuanceShapeOf(e: DomainError): DomainError['issuance'] {
  const declared = declaredFor(e)?.issuance;
  if (!declared) return e.issuance;
  if (declared.envelope === 'A') {
    return { ...declared, status: statusOfIssuanceType(declared.type, declared.code), message: declared.message ?? e.message };
  }
  return { envelope: 'B', status: declared.status ?? e.status, message: declared.message ?? e.message };
}

/** The account-center family's plain answer: status 400 with the error's message. */
export const accountCenter400: RestEnvelope = { accountCenter: { status: 400 } };
