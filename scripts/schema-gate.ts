import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
} from 'graphql';

/**
 * The compatibility gate (docs/graphql.md, "Change control"): schema.graphql against the last
 * release's schema (schema/release.graphql), with graphql-js's findBreakingChanges and
 * findDangerousChanges. Every change they find must be declared in schema/changes.json with its
 * reason, and a declared removal (a field, an argument, an enum value, a type) must have been
 * @deprecated in the release first. `npm run schema:release -- <version>` makes today's schema the
 * release and empties the declarations (scripts/schema-release.ts).
 */

export const RELEASE_SCHEMA = path.join('schema', 'release.graphql');
export const DECLARED_CHANGES = path.join('schema', 'changes.json');

export interface DeclaredChange {
  /** graphql-js's change type: FIELD_REMOVED, VALUE_ADDED_TO_ENUM, ... */
  type: string;
  /** graphql-js's description of the change, exactly: `Payout.fee was removed.` */
  description: string;
  /** Why the change is made, for the release notes. */
  reason: string;
}

export interface DeclaredChanges {
  /** The release schema/release.graphql is. */
  release: string;
  changes: DeclaredChange[];
}

export interface FoundChange {
  type: string;
  description: string;
  breaking: boolean;
}

export interface GateReport {
  found: FoundChange[];
  /** Found and not declared: the gate fails. */
  undeclared: FoundChange[];
  /** Declared removals whose element was not @deprecated in the release: the gate fails. */
  notDeprecatedFirst: FoundChange[];
  /** Declared and no longer found (the change was undone or reworded): the gate fails, to keep the list true. */
  stale: DeclaredChange[];
}

const keyOf = (c: { type: string; description: string }) => `${c.type}\u0000${c.description}`;

/** Whether the release deprecated what a removal removes; undefined when the removal is of no deprecable kind. */
function deprecatedInRelease(release: GraphQLSchema, current: GraphQLSchema, change: FoundChange): boolean | undefined {
  const d = change.description;
  let m: RegExpMatchArray | null;
  if (change.type === 'FIELD_REMOVED' && (m = d.match(/^(\w+)\.(\w+) was removed\.$/))) {
    const type = release.getType(m[1]!);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return Boolean(type.getFields()[m[2]!]?.deprecationReason);
    return false;
  }
  if (change.type === 'ARG_REMOVED' && (m = d.match(/^(\w+)\.(\w+) arg (\w+) was removed\.$/))) {
    const type = release.getType(m[1]!);
    if (!isObjectType(type) && !isInterfaceType(type)) return false;
    const field = type.getFields()[m[2]!];
    return Boolean(field?.deprecationReason || field?.args.find((a) => a.name === m![3])?.deprecationReason);
  }
  if (change.type === 'VALUE_REMOVED_FROM_ENUM' && (m = d.match(/^(\w+) was removed from enum type (\w+)\.$/))) {
    const type = release.getType(m[2]!);
    return isEnumType(type) && Boolean(type.getValue(m[1]!)?.deprecationReason);
  }
  if (change.type === 'TYPE_REMOVED' && (m = d.match(/^(\w+) was removed\.$/))) {
    // A type cannot be deprecated itself: it has gone through deprecation when every field and
    // argument of the release that answered or took it, on a type that stays, was deprecated.
    const name = m[1]!;
    for (const owner of Object.values(release.getTypeMap())) {
      if (owner.name.startsWith('__') || !current.getType(owner.name)) continue;
      if (!isObjectType(owner) && !isInterfaceType(owner) && !isInputObjectType(owner)) continue;
      const fields: (GraphQLField<unknown, unknown> | GraphQLInputField)[] = Object.values(owner.getFields());
      for (const field of fields) {
        if (field.deprecationReason) continue;
        if (getNamedType(field.type).name === name) return false;
        const args: readonly GraphQLArgument[] = 'args' in field ? field.args : [];
        if (args.some((a) => getNamedType(a.type).name === name && !a.deprecationReason)) return false;
      }
    }
    return true;
  }
  return undefined;
}

/** The gate's findings for two schema texts and the declarations. */
export function checkAgainstRelease(currentSdl: string, releaseSdl: string, declared: DeclaredChanges): GateReport {
  const release = buildSchema(releaseSdl);
  const current = buildSchema(currentSdl);
  const found: FoundChange[] = [
    ...findBreakingChanges(release, current).map((c) => ({ type: c.type, description: c.description, breaking: true })),
    ...findDangerousChanges(release, current).map((c) => ({ type: c.type, description: c.description, breaking: false })),
  ];
  const declaredKeys = new Set(declared.changes.map(keyOf));
  const foundKeys = new Set(found.map(keyOf));
  return {
    found,
    undeclared: found.filter((c) => !declaredKeys.has(keyOf(c))),
    notDeprecatedFirst: found.filter((c) => declaredKeys.has(keyOf(c)) && deprecatedInRelease(release, current, c) === false),
    stale: declared.changes.filter((c) => !foundKeys.has(keyOf(c))),
  };
}

/** The repository root: the nearest folder up with a package.json (from src or dist alike). */
export function repoRoot(from: string = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** The gate over the checked-in files. */
export function checkRepository(root: string = repoRoot()): GateReport {
  const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
  return checkAgainstRelease(read('schema.graphql'), read(RELEASE_SCHEMA), JSON.parse(read(DECLARED_CHANGES)) as DeclaredChanges);
}
