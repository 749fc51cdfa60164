/**
 * The one error model of payrail. Domain code throws DomainErrors; each door renders them in the
 * envelope its route belongs to (spec 7.1 account-center, 7.2 card issuance A/B, GraphQL).
 *
 * An error carries a stable `code` and a neutral message/status (used by GraphQL and by any family
 * without a specific shape), plus the exact shape the specification assigns in each family where the
 * two differ — for example an invalid x-on-behalf-of is "x-on-behalf-of value err" in the
 * account-center family but `sub_account_not_found` in card issuance.
 */

/** The route families of spec 7; the catalogue's Err column decides which one a route belongs to. */
export type Family = 'account_center' | 'issuance';

/** What the client should do about an error; GraphQL exposes it as extensions.type. */
export type ErrorKind =
  | 'authentication'
  | 'authorization'
  | 'validation'
  | 'idempotency'
  | 'not_found'
  | 'business'
  | 'rate_limit'
  | 'internal';

/** Account-center body {code, message}; quirks of 7.1 are expressed by the two options. */
export interface AccountCenterShape {
  status: number;
  message: string;
  /** The body's code when it is not the HTTP status (the "processing" answer: 400 with body code 200). */
  bodyCode?: number;
  /** 500 from the idempotency layer has no code field; 401 is {error}. */
  form?: 'code_message' | 'message_only' | 'error_field';
}

/** Envelope A types and the HTTP status each one fixes (spec 7.2). */
export type IssuanceErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'cardholder_error'
  | 'account_error'
  | 'idempotency_error'
  | 'unauthorized_error'
  | 'api_error';

export type IssuanceShape =
  | { envelope: 'A'; status: number; type: IssuanceErrorType; code: string; message: string }
  | { envelope: 'B'; status: number; message: string }
  | { envelope: 'error_field'; status: number; message: string };

export interface DomainErrorInit<C extends string = string> {
  /** A stable code, typed per area: `ErrorCodeOf<typeof payoutErrors>` (catalogue.ts) is the area's set. */
  code: C;
  message: string;
  status: number;
  kind: ErrorKind;
  field?: string;
  accountCenter?: AccountCenterShape;
  issuance?: IssuanceShape;
  /** A refusal that passes (a rate limit): when to try again; the doors send it as `Retry-After`. */
  retryAfterSeconds?: number;
  /**
   * The other errors found with this one (every issue of an input, parseInput): REST answers only
   * the first, as the specification's envelopes hold one message; GraphQL lists each (`all()`).
   */
  more?: readonly DomainErrorInit[];
}

import { domainNames, namesFields, renderFieldText, type FieldNamer } from './field-names';

/**
 * `const C`: a code written as a literal keeps its literal type even where the factory's result is
 * expected as a plain DomainError (defineErrors), so ErrorCodeOf gives the area's exact codes.
 */
export class DomainError<const C extends string = string> extends Error {
  readonly code: C;
  readonly status: number;
  readonly kind: ErrorKind;
  readonly field: string | undefined;
  readonly accountCenter: AccountCenterShape | undefined;
  readonly issuance: IssuanceShape | undefined;
  readonly retryAfterSeconds: number | undefined;

  /** The texts as given, fields still marked (field-names.ts), for a door to render in its names. */
  private readonly init: DomainErrorInit<C>;
  /** How the fields the error names are shown: the domain's names until a door renames them. */
  private readonly namer: FieldNamer;

  constructor(init: DomainErrorInit<C>, namer: FieldNamer = domainNames) {
    super(renderFieldText(init.message, namer));
    this.init = init;
    this.namer = namer;
    this.name = 'DomainError';
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.field = init.field === undefined ? undefined : namer(init.field);
    this.accountCenter = init.accountCenter && { ...init.accountCenter, message: renderFieldText(init.accountCenter.message, namer) };
    this.issuance = init.issuance && { ...init.issuance, message: renderFieldText(init.issuance.message, namer) };
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  private groupName: string | undefined;

  /** The group (an area's errors.ts, or a shared group) that declared the error: catalogue.ts. */
  get group(): string | undefined {
    return this.groupName;
  }

  /** Stamps the declaring group once; the catalogue does it for every factory. */
  inGroup(name: string): this {
    this.groupName ??= name;
    return this;
  }

  /** Whether the error names a field a door may show in its own names. */
  get namesFields(): boolean {
    const names = (init: DomainErrorInit): boolean => init.field !== undefined || namesFields(init.message);
    return names(this.init) || (this.init.more ?? []).some(names);
  }

  /** This error and every other one found with it, each named as this one is. */
  all(): DomainError[] {
    const more = (this.init.more ?? []).map((init) => {
      const e = new DomainError({ ...init, more: undefined }, this.namer);
      return this.groupName === undefined ? e : e.inGroup(this.groupName);
    });
    return [this, ...more];
  }

  /** The other errors' inits, as given: what an idempotent replay stores beside the first. */
  get others(): readonly DomainErrorInit[] {
    return this.init.more ?? [];
  }

  /** The texts as given, fields still marked: what an idempotent replay stores to render again. */
  get template(): string {
    return this.init.message;
  }

  /**
   * The same error with every field it names, in `field` and in its texts, shown through `name`
   * after the renaming it already had: a route's wire names, then the names a caller sent
   * (shared/aliases.ts), compose.
   */
  renamed(name: FieldNamer): DomainError<C> {
    if (!this.namesFields) return this;
    const prior = this.namer;
    const copy = new DomainError<C>(this.init, (path) => name(prior(path)));
    if (this.groupName !== undefined) copy.inGroup(this.groupName);
    return copy;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}

/** Status fixed by an envelope A type (7.2); unauthorized_error is 401 unless the code is forbidden. */
export function statusOfIssuanceType(type: IssuanceErrorType, code: string): number {
  switch (type) {
    case 'unauthorized_error':
      return code === 'forbidden' ? 403 : 401;
    case 'api_error':
      return 500;
    default:
      return 400;
  }
}

/** Builds an envelope A shape with the status its type fixes. */
export function envelopeA(type: IssuanceErrorType, code: string, message: string): IssuanceShape {
  return { envelope: 'A', status: statusOfIssuanceType(type, code), type, code, message };
}

export function envelopeB(message: string, status = 400): IssuanceShape {
  return { envelope: 'B', status, message };
}
