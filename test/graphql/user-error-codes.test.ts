import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isEnumType } from 'graphql';
import { groupNameOf, type ErrorFactories } from '../../src/platform/errors/catalogue';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { enumValueOf, SHARED_GROUPS, TOP_LEVEL_GROUPS, userErrorCodesOf } from '../../src/resolvers/shared/user-errors';

/**
 * Each area's `<Area>ErrorCode` holds every code its mutations can raise as a userError, and no
 * other: a code missing from the enum would not be a userError at all but fall back to a top-level
 * error (shared/user-errors.ts `userErrorsOf`), silently. What a mutation "can raise" is read from
 * the code's own imports: every error group (a module calling defineErrors) that the area's resolver
 * reaches through runtime imports (type-only imports left out), through the domain and the platform
 * alike. That over-approximates at the module level (a module imported for one function brings its
 * whole group), which costs an enum value that never occurs, never a refusal that escapes its enum.
 * docs/decisions/platform/mutation-payloads.md says why a test and not a generated list.
 */

const SRC = path.resolve(__dirname, '..', '..', 'src');
const RESOLVERS = path.join(SRC, 'resolvers');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

/** The relative modules a file loads at run time: imports and re-exports that are not type-only, import() and require(). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) {
        specifiers.push((node.arguments[0] as ts.StringLiteral).text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolveModule(file, s)).filter((f): f is string => f !== null);
}

const declaresErrors = (file: string): boolean => /\bdefineErrors\(/.test(fs.readFileSync(file, 'utf8')) && !file.endsWith(path.join('errors', 'catalogue.ts'));

/**
 * The error-group modules a resolver reaches. It walks the domain, the platform and its own area's
 * door, never another area's resolvers or the REST door (what a mutation runs, not what the schema
 * is built from).
 */
function reachedGroupModules(resolver: string): string[] {
  const ownDoor = path.dirname(resolver) + path.sep;
  const seen = new Set<string>([resolver]);
  const queue = [resolver];
  const groups = new Set<string>();
  while (queue.length > 0) {
    for (const next of runtimeImports(queue.shift()!)) {
      if (seen.has(next)) continue;
      seen.add(next);
      if (declaresErrors(next)) groups.add(next);
      const inDoor = next.startsWith(RESOLVERS + path.sep);
      if (inDoor && !next.startsWith(ownDoor)) continue;
      if (next.startsWith(path.join(SRC, 'rest-compat') + path.sep)) continue;
      queue.push(next);
    }
  }
  return [...groups].sort();
}

/** The declared groups a module exports (its defineErrors results). */
function groupsIn(file: string): ErrorFactories[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = Object.values(require(file) as Record<string, unknown>);
  return exported.filter((value): value is ErrorFactories => {
    if (value === null || typeof value !== 'object') return false;
    try {
      groupNameOf(value as ErrorFactories);
      return true;
    } catch {
      return false;
    }
  });
}

const areas = filesUnder(RESOLVERS)
  .map((file) => ({ file, area: /\bareaUserError\(\s*'(\w+)'/.exec(fs.readFileSync(file, 'utf8'))?.[1] }))
  .filter((a): a is { file: string; area: string } => a.area !== undefined);

it('finds the areas with mutations', () => {
  expect(areas.length).toBeGreaterThanOrEqual(25);
});

it("holds in each area's code enum exactly the userError codes of the error groups its resolver reaches", async () => {
  const schema = await buildGraphQLSchema();
  const wrong: Record<string, { missing: Record<string, string[]>; never: string[] }> = {};
  for (const { file, area } of areas) {
    const type = schema.getType(`${area}ErrorCode`);
    if (!isEnumType(type)) throw new Error(`${area}ErrorCode is not an enum of the schema`);
    const inEnum = new Set(type.getValues().map((v) => v.name));
    const missing: Record<string, string[]> = {};
    const reachable = new Set(userErrorCodesOf(SHARED_GROUPS).map(enumValueOf));
    for (const module of reachedGroupModules(file)) {
      for (const group of groupsIn(module).filter((g) => !TOP_LEVEL_GROUPS.has(groupNameOf(g)))) {
        const codes = userErrorCodesOf([group]).map(enumValueOf);
        codes.forEach((c) => reachable.add(c));
        const lacking = codes.filter((c) => !inEnum.has(c));
        if (lacking.length > 0) missing[`${groupNameOf(group)} (${path.relative(SRC, module)})`] = lacking;
      }
    }
    const never = [...inEnum].filter((c) => !reachable.has(c));
    if (Object.keys(missing).length > 0 || never.length > 0) wrong[`${area} (${path.relative(SRC, file)})`] = { missing, never };
  }
  // `missing`: add the group to the area's areaUserError list; `never`: the area reaches the group no longer.
  if (process.env.USER_ERROR_GROUPS_REPORT) {
    console.log(Object.entries(wrong).map(([a, w]) => `${a}: ${Object.keys(w.missing).join(', ')} | never ${w.never.length}`).join('\n'));
  }
  expect(wrong).toEqual({});
});
