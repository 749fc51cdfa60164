import { z } from 'zod';
import { segmentNamer, type FieldNamer } from '../../platform/errors/field-names';
import { invalidField } from '../../platform/validation/validate';
import { camelCase, snakeCase } from '../../platform/names';

/**
 * A domain command as the REST wire sends it. The domain's schema is camelCase with the domain's
 * value types; the wire's names are snake_case, and the specified API has quirks of its own. This
 * one declaration says what differs, and gives the door the three things it needs: the body turned
 * into the command's names (`toCommand`), the way errors name a domain field on the wire (`names`),
 * and the wire schema the OpenAPI document shows.
 */
export interface WireQuirks {
  /** A domain member whose wire name is not its snake_case (`status` -> `payout_status`). */
  names?: Readonly<Record<string, string>>;
  /** Members the wire sends as "Y" or "N" for a boolean. */
  yesNo?: readonly string[];
  /** Members that hold objects (or lists of objects) whose own members are renamed too. */
  nested?: readonly string[];
  /**
   * Members holding objects (or lists of them) renamed at every depth by the command's own schema:
   * an object's snake_case keys become its members (a key already in camelCase is no wire key and
   * is left out), and an optional member sent as "" or null is not sent. The OpenAPI schema shows
   * them in wire names at every depth.
   */
  deep?: readonly string[];
  /**
   * Members of those objects whose wire name is not their snake_case: a name holding a digit, which
   * the mechanical snake_case does not split (`enable3ds` -> `enable_3ds`).
   */
  nestedNames?: Readonly<Record<string, string>>;
  /**
   * Members for which "" or null counts as not sent: the official clients send them for optional
   * fields they do not use.
   */
  blankIsAbsent?: readonly string[];
  /** The wire schema's component name in the OpenAPI document. */
  id?: string;
}

export interface WireCommand {
  /** The body in the command's names, for the domain to parse; a body that is not an object is passed on as it is. */
  toCommand(body: unknown): unknown;
  /** Domain field paths in the wire's names, for the errors this route answers. */
  names: FieldNamer;
  /** The wire schema (wire names, no refinements), for the OpenAPI document. */
  schema: z.ZodType;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A nested object's members in the command's names; a key already in camelCase is no wire key and is left out. */
function camelMembers(value: unknown, memberOf: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => camelMembers(v, memberOf));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !/[A-Z]/.test(k)).map(([k, v]) => [memberOf.get(k) ?? camelCase(k), v]));
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (schema: z.ZodType): boolean => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** The object or list schema a member holds, through optional, nullable and pipes. */
function holderOf(schema: z.ZodType | undefined): Def | undefined {
  if (schema === undefined) return undefined;
  const def = defOf(schema);
  if (def.type === 'object' || def.type === 'array') return def;
  if (def.type === 'optional' || def.type === 'nullable') return holderOf(def.innerType as z.ZodType);
  if (def.type === 'pipe') return holderOf(def.out as z.ZodType) ?? holderOf(def.in as z.ZodType);
  return undefined;
}

/** A `deep` member's value in the command's names, read alongside its schema. */
function deepMembers(schema: z.ZodType | undefined, value: unknown): unknown {
  const held = holderOf(schema);
  if (Array.isArray(value)) return value.map((v) => deepMembers(held?.type === 'array' ? (held.element as z.ZodType) : undefined, v));
  if (!isObject(value)) return value;
  const shape = held?.type === 'object' ? (held.shape as Record<string, z.ZodType>) : {};
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (/[A-Z]/.test(key)) continue;
    const member = camelCase(key);
    const memberSchema = Object.hasOwn(shape, member) ? shape[member] : undefined;
    if (memberSchema !== undefined && isOptional(memberSchema) && (v === '' || v === null)) continue;
    out[member] = deepMembers(memberSchema, v);
  }
  return out;
}

/** A `deep` member's schema in wire names at every depth (the leaves, and their marks, as they are). */
function wireSchema(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'object') {
    const shape = Object.fromEntries(Object.entries((schema as z.ZodObject).shape).map(([m, s]) => [snakeCase(m), wireSchema(s as z.ZodType)]));
    const catchall = def.catchall as z.ZodType | undefined;
    return catchall ? z.object(shape).catchall(catchall) : z.object(shape);
  }
  if (def.type === 'array') return z.array(wireSchema(def.element as z.ZodType));
  if (def.type === 'union') return z.union((def.options as z.ZodType[]).map(wireSchema) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  if (def.type === 'optional' || def.type === 'nullable') {
    const inner = def.innerType as z.ZodType;
    const wired = wireSchema(inner);
    if (wired === inner) return schema;
    return def.type === 'optional' ? wired.optional() : wired.nullable();
  }
  return schema;
}

/**
 * A nested member's schema as the wire shows it (OpenAPI): the members of the objects it holds in
 * their wire names. Only the shape is kept; the domain's schema judges the command.
 */
function wireMemberSchema(schema: z.ZodType, wireNameOf: (member: string) => string): z.ZodType {
  if (schema instanceof z.ZodOptional) return wireMemberSchema(schema.unwrap() as z.ZodType, wireNameOf).optional();
  if (schema instanceof z.ZodNullable) return wireMemberSchema(schema.unwrap() as z.ZodType, wireNameOf).nullable();
  if (schema instanceof z.ZodArray) return z.array(wireMemberSchema(schema.element as z.ZodType, wireNameOf));
  if (schema instanceof z.ZodObject) return z.object(Object.fromEntries(Object.entries(schema.shape).map(([member, s]) => [wireNameOf(member), s as z.ZodType])));
  return schema;
}

export function wireCommand(command: z.ZodObject, quirks: WireQuirks = {}): WireCommand {
  const wireNames = quirks.names ?? {};
  const wireNameOf = (member: string): string => wireNames[member] ?? snakeCase(member);
  const memberOf = new Map(Object.keys(command.shape).map((member) => [wireNameOf(member), member]));
  const domainOnly = new Set(Object.keys(command.shape).filter((member) => wireNameOf(member) !== member));
  const yesNo = new Set(quirks.yesNo ?? []);
  const nested = new Set(quirks.nested ?? []);
  const deep = new Set(quirks.deep ?? []);
  const blankIsAbsent = new Set(quirks.blankIsAbsent ?? []);
  const nestedNames = quirks.nestedNames ?? {};
  const nestedWireNameOf = (member: string): string => nestedNames[member] ?? snakeCase(member);
  const nestedMemberOf = new Map(Object.entries(nestedNames).map(([member, wire]) => [wire, member]));
  const wireMember = (member: string, s: z.ZodType): z.ZodType =>
    deep.has(member) ? wireSchema(s) : nested.has(member) ? wireMemberSchema(s, nestedWireNameOf) : s;
  const shape = z.object(Object.fromEntries(Object.entries(command.shape).map(([member, s]) => [wireNameOf(member), wireMember(member, s as z.ZodType)])));
  const schema = quirks.id ? shape.meta({ id: quirks.id }) : shape;
  return {
    names: segmentNamer((segment, depth) => (depth === 0 ? wireNameOf(segment) : nestedWireNameOf(segment))),
    schema,
    toCommand(body) {
      if (!isObject(body)) return body;
      const out: Json = {};
      for (const [wire, value] of Object.entries(body)) {
        // A key that is a member's domain name but not its wire name is no member on the wire: the
        // wire knew no such key, and it must not reach the command under the member's name.
        if (!memberOf.has(wire) && domainOnly.has(wire)) continue;
        // Any other unknown key is passed on under its wire name, for the schema to judge.
        const member = memberOf.get(wire) ?? wire;
        if (blankIsAbsent.has(member) && (value === '' || value === null)) continue;
        if (yesNo.has(member) && value !== undefined) {
          if (value !== 'Y' && value !== 'N') throw invalidField(wire, 'must be Y or N');
          out[member] = value === 'Y';
          continue;
        }
        out[member] = nested.has(member) ? camelMembers(value, nestedMemberOf) : deep.has(member) ? deepMembers(command.shape[member] as z.ZodType, value) : value;
      }
      return out;
    },
  };
}
