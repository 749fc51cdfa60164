import { z } from 'zod';

/**
 * Members of the wire schemas that hold cardholder data or a secret, marked once where the member is
 * declared. The marks travel with the schema (zod metadata, shown in the OpenAPI document as
 * `x-sensitive`), and everything that must treat such a member differently reads them from there:
 * - `sensitiveInput`: a request member holding a PAN, a CVC, a PIN, an activation code or a key.
 *   The idempotency fingerprint replaces its value by a keyed token (src/platform/idempotency).
 * - `secretAnswer`: an answer member holding a secret shown once or cardholder data (a full PAN, a
 *   CVV, a signing secret, an activation code, a PIN key). The answer says `Cache-Control:
 *   no-store`, and the copy kept for idempotent replays leaves the member out.
 * - `maskedAnswer`: an answer member named like card data that holds only its masked form.
 * test/idempotency/sensitive-fields.test.ts walks every route and fails on a member named like
 * cardholder data or a secret that carries no mark.
 */
export type Sensitivity = 'input' | 'answer' | 'masked';

const KEY = 'x-sensitive';

const mark = <T extends z.ZodType>(schema: T, kind: Sensitivity): T => schema.meta({ [KEY]: kind }) as T;

export const sensitiveInput = <T extends z.ZodType>(schema: T): T => mark(schema, 'input');
export const secretAnswer = <T extends z.ZodType>(schema: T): T => mark(schema, 'answer');
export const maskedAnswer = <T extends z.ZodType>(schema: T): T => mark(schema, 'masked');

export function sensitivityOf(schema: z.ZodType): Sensitivity | undefined {
  const value: unknown = z.globalRegistry.get(schema)?.[KEY];
  return value === 'input' || value === 'answer' || value === 'masked' ? value : undefined;
}

/** Where a member sits: object keys, and `[]` for "every element of an array". */
export type MemberPath = readonly string[];

export interface SchemaMember {
  path: MemberPath;
  /** The first mark met from the member down through its wrappers (optional, nullable, pipe...). */
  sensitivity: Sensitivity | undefined;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a wrapper holds (the inner schema of optional, both ends of a pipe...). */
function inner(def: Def): z.ZodType[] {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [def.innerType as z.ZodType];
    case 'pipe':
      return [def.in as z.ZodType, def.out as z.ZodType];
    case 'union':
      return def.options as z.ZodType[];
    case 'intersection':
      return [def.left as z.ZodType, def.right as z.ZodType];
    case 'lazy':
      return [(def.getter as () => z.ZodType)()];
    default:
      return [];
  }
}

/** The mark of a member: on the schema itself or on any wrapper below it. */
function markOf(schema: z.ZodType, seen: Set<z.ZodType>): Sensitivity | undefined {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  const own = sensitivityOf(schema);
  if (own) return own;
  for (const s of inner(defOf(schema))) {
    const found = markOf(s, seen);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every object member reachable in `schema`, with its path and its mark. A member's own subtree is
 * walked too (an object inside a member), so nested members are listed with their full paths.
 */
export function schemaMembers(schema: z.ZodType): SchemaMember[] {
  const out: SchemaMember[] = [];
  const visiting = new Set<z.ZodType>();
  const walk = (s: z.ZodType, path: MemberPath): void => {
    if (visiting.has(s)) return;
    visiting.add(s);
    const def = defOf(s);
    if (def.type === 'object') {
      for (const [key, member] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const memberPath = [...path, key];
        out.push({ path: memberPath, sensitivity: markOf(member, new Set()) });
        walk(member, memberPath);
      }
    } else if (def.type === 'array') {
      walk(def.element as z.ZodType, [...path, '[]']);
    } else if (def.type === 'record') {
      walk(def.valueType as z.ZodType, [...path, '[]']);
    } else {
      for (const s2 of inner(def)) walk(s2, path);
    }
    visiting.delete(s);
  };
  walk(schema, []);
  return out;
}

/** The members of `schema` carrying `kind`. */
export const membersMarked = (schema: z.ZodType | undefined, kind: Sensitivity): MemberPath[] =>
  schema ? schemaMembers(schema).filter((m) => m.sensitivity === kind).map((m) => m.path) : [];

/**
 * Names that call for a mark: cardholder data (PCI DSS: the PAN, the card verification code, the
 * PIN) and payrail's secrets (activation codes, signing secrets, keys). A member so named must be
 * marked in requests, and marked as a secret or as masked in answers.
 */
export const SENSITIVE_NAME =
  /^(pin|old_?pin|new_?pin|pin_?block|card_?number|pan|cvc2?|cvv2?|security_?code|activation_?code|prv_?key|private_?key|(encrypt(ed)?_?)?pin_?key|secret|signing_?secret|api_?key|password|(auth_?|access_?)?token|track_?[12]?_?data)$/i;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of `value` without the members at `paths` (`[]` steps into every element of an array): the
 * answer as idempotent replays give it, once its secrets were shown. `value` itself is not changed.
 */
export function withoutMembers(value: unknown, paths: readonly MemberPath[]): unknown {
  let out = value;
  for (const path of paths) out = without(out, path, 0);
  return out;
}

function without(value: unknown, path: MemberPath, at: number): unknown {
  const step = path[at]!;
  const last = at === path.length - 1;
  if (step === '[]') {
    if (!Array.isArray(value)) return value;
    return last ? value : value.map((v) => without(v, path, at + 1));
  }
  if (!isObject(value) || !(step in value)) return value;
  const copy: Json = { ...value };
  if (last) delete copy[step];
  else copy[step] = without(value[step], path, at + 1);
  return copy;
}
