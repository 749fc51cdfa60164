import { z } from 'zod';
import { wireNamer, type FieldNamer } from '../../platform/errors/field-names';
import { invalidField } from '../../platform/validation/validate';

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
   * Members that hold objects (or lists of them) renamed at every depth: their members, their
   * members' members, and so on (an onboarding form's blocks).
   */
  deep?: readonly string[];
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
const toCamel = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const toSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A nested object's members in camelCase; a key already in camelCase is no wire key and is left out. */
function camelMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelMembers);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !/[A-Z]/.test(k)).map(([k, v]) => [toCamel(k), v]));
}

/** A value's objects in camelCase at every depth; a key already in camelCase is no wire key and is left out. */
function camelDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelDeep);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !/[A-Z]/.test(k)).map(([k, v]) => [toCamel(k), camelDeep(v)]));
}

/**
 * A schema's wire form at every depth, for the OpenAPI document: each object's members under their
 * snake_case names, through lists, optional and nullable members and unions. Leaves (texts, enums,
 * records) are kept as they are; refinements of a renamed object are not (the document does not show them).
 */
export function wireShape(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    return z.object(Object.fromEntries(Object.entries(schema.shape).map(([member, s]) => [toSnake(member), wireShape(s as z.ZodType)])));
  }
  if (schema instanceof z.ZodArray) return z.array(wireShape(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return wireShape(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return wireShape(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(wireShape) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return schema;
}

export function wireCommand(command: z.ZodObject, quirks: WireQuirks = {}): WireCommand {
  const wireNames = quirks.names ?? {};
  const wireNameOf = (member: string): string => wireNames[member] ?? toSnake(member);
  const memberOf = new Map(Object.keys(command.shape).map((member) => [wireNameOf(member), member]));
  const domainOnly = new Set(Object.keys(command.shape).filter((member) => wireNameOf(member) !== member));
  const yesNo = new Set(quirks.yesNo ?? []);
  const nested = new Set(quirks.nested ?? []);
  const deep = new Set(quirks.deep ?? []);
  const blankIsAbsent = new Set(quirks.blankIsAbsent ?? []);
  const shape = z.object(
    Object.fromEntries(Object.entries(command.shape).map(([member, s]) => [wireNameOf(member), deep.has(member) ? wireShape(s as z.ZodType) : (s as z.ZodType)])),
  );
  const schema = quirks.id ? shape.meta({ id: quirks.id }) : shape;
  return {
    names: wireNamer(wireNames),
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
        out[member] = deep.has(member) ? camelDeep(value) : nested.has(member) ? camelMembers(value) : value;
      }
      return out;
    },
  };
}
