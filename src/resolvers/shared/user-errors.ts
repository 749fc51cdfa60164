import { Field, InterfaceType, ObjectType, registerEnumType, type ClassType } from 'type-graphql';
import type { ErrorFactories } from '../../platform/errors/catalogue';
import type { DomainError, ErrorKind } from '../../platform/errors/domain-error';
import { accountStatusErrors } from '../../platform/tenancy/errors';
import { ledgerErrors } from '../../platform/ledger/errors';
import { validationErrors } from '../../platform/validation/validate';

/**
 * Mutation payloads: `XPayload { <resource>, userErrors: [<Area>UserError!]! }`. A domain error a
 * client can act on (a field to fix, a thing that is not there, a business refusal) is data, listed
 * in `userErrors` with the resource null; everything else (authentication, permission,
 * idempotency, rate limits, transport, internal faults) stays a top-level GraphQL error
 * (docs/graphql.md#errors, docs/decisions/platform/mutation-payloads.md).
 */

/** The kinds of DomainError a payload lists as userErrors. */
export const USER_ERROR_KINDS: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['validation', 'not_found', 'business']);

/**
 * Groups whose errors stay top-level whatever their kind: the request's own faults (a malformed
 * body, URL or route), which no input field of a mutation names and no payload lists.
 */
export const TOP_LEVEL_GROUPS: ReadonlySet<string> = new Set(['platform']);

/** Groups any area's command may raise, whose user-facing codes every area's enum holds. */
export const SHARED_GROUPS: readonly ErrorFactories[] = [validationErrors, ledgerErrors, accountStatusErrors];

@InterfaceType({
  description: 'A problem with a mutation that the caller can fix or act on; the mutation changed nothing',
  resolveType: (value: { __typename?: string }) => value.__typename,
})
export abstract class UserError {
  @Field(() => [String], {
    nullable: true,
    description: 'The path of the input field at fault, in GraphQL names (["input", "payoutAmount"]); null when the error names no field',
  })
  field!: string[] | null;

  @Field(() => String, { description: 'What is wrong, in words a person can read' })
  message!: string;
}

/** A userError as a resolver answers it. */
export interface UserErrorValue {
  __typename: string;
  field: string[] | null;
  message: string;
  code: string;
}

/** `payout_not_found` as an enum value: `PAYOUT_NOT_FOUND`. */
export const enumValueOf = (code: string): string => code.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/**
 * The codes a group of errors can raise that a payload lists: each factory called with
 * placeholders, as the catalogue's test builds them (test/unit/error-catalogue.test.ts). The codes
 * are the factories' own, so an enum made from them cannot drift from the area's errors.ts.
 */
export function userErrorCodesOf(groups: readonly ErrorFactories[]): string[] {
  const codes = new Set<string>();
  for (const group of groups) {
    for (const factory of Object.values(group)) {
      const e = factory(...Array.from({ length: Math.max(factory.length, 1) }, () => 'x')) as DomainError;
      if (USER_ERROR_KINDS.has(e.kind)) codes.add(e.code);
    }
  }
  return [...codes].sort();
}

/** An area's userError type: `<Area>UserError { field, message, code: <Area>ErrorCode! }`. */
export interface AreaUserErrorType {
  type: ClassType;
  name: string;
  /** The domain codes its enum holds: an error with another code stays top-level. */
  codes: ReadonlySet<string>;
}

/**
 * Declares an area's userError type and its code enum, from the area's declared errors (its own
 * group first, then any other area's group its commands raise) and the shared groups.
 */
export function areaUserError(area: string, groups: readonly ErrorFactories[]): AreaUserErrorType {
  const codes = userErrorCodesOf([...groups, ...SHARED_GROUPS]);
  const values = Object.fromEntries(codes.map((code) => [enumValueOf(code), code]));
  registerEnumType(values, { name: `${area}ErrorCode`, description: `What went wrong in a mutation of ${area}` });
  class AreaUserError extends UserError {
    code!: string;
  }
  Field(() => values, { description: 'What went wrong, as a stable code' })(AreaUserError.prototype, 'code');
  const name = `${area}UserError`;
  ObjectType(name, { implements: UserError, description: `A problem with a mutation of ${area}` })(AreaUserError);
  return { type: AreaUserError, name, codes: new Set(codes) };
}

/** How a mutation builds its payload: answered, or refused with userErrors. */
export interface PayloadSpec<R, P> {
  ok(result: R): P;
  refused(userErrors: UserErrorValue[]): P;
  userError: AreaUserErrorType;
}

export type PayloadClass<R, P> = (new () => P) & { payload: PayloadSpec<R, P> };

export type PayloadOf<K extends string, R> = { [k in K]: R | null } & { userErrors: UserErrorValue[] };

/**
 * `XPayload { <field>: <resource> (null when refused), userErrors: [<Area>UserError!]! }`, one per
 * mutation, named after it (`CreatePayoutPayload`).
 */
export function payloadType<K extends string, R extends object>(
  name: string,
  field: K,
  resource: () => ClassType<R>,
  userError: AreaUserErrorType,
): PayloadClass<R, PayloadOf<K, R>> {
  class Payload {
    static payload: PayloadSpec<R, PayloadOf<K, R>> = {
      ok: (result) => ({ [field]: result, userErrors: [] }) as unknown as PayloadOf<K, R>,
      refused: (userErrors) => ({ [field]: null, userErrors }) as unknown as PayloadOf<K, R>,
      userError,
    };
  }
  Field(resource, { nullable: true, description: 'The result; null when the mutation was refused (see userErrors)' })(Payload.prototype, field);
  userErrorsField(Payload, userError);
  ObjectType(name, { description: `The answer of ${name.replace(/Payload$/, '').replace(/^./, (c) => c.toLowerCase())}` })(Payload);
  return Payload as unknown as PayloadClass<R, PayloadOf<K, R>>;
}

/** The `userErrors` field of a payload class written by hand (one with more than its resource). */
export function userErrorsField(target: ClassType, userError: AreaUserErrorType): void {
  Field(() => [userError.type], { description: 'Empty when the mutation succeeded; otherwise every problem found, each naming its input field' })(target.prototype, 'userErrors');
}

/**
 * `a.b[0].c` as the path a client reads: `[argument, "a", "b", "0", "c"]` (without the argument for
 * a mutation of bare arguments); `body` is the input as a whole, no one field.
 */
export function fieldPathOf(field: string | undefined, argument: string | null): string[] | null {
  if (field === undefined || field === 'body') return null;
  const path = field.split(/\.|\[|\]/).filter((s) => s.length > 0);
  return argument === null ? path : [argument, ...path];
}

/**
 * The userErrors of a domain error, or undefined when it stays top-level: its kind is not one a
 * client acts on, or its code is not in the area's enum (a code the area never declared raising).
 */
export function userErrorsOf(e: DomainError, userError: AreaUserErrorType, argument: string | null): UserErrorValue[] | undefined {
  if (!USER_ERROR_KINDS.has(e.kind) || (e.group !== undefined && TOP_LEVEL_GROUPS.has(e.group)) || !userError.codes.has(e.code)) return undefined;
  return e.all().map((one) => ({ __typename: userError.name, field: fieldPathOf(one.field, argument), message: one.message, code: one.code }));
}
