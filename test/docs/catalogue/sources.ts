import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What the doors' source says each operation calls: read from src/rest-compat and src/resolvers
 * with the TypeScript compiler's parser, never by running them. A route's or a GraphQL field's
 * domain functions are the identifiers of src/domain it calls or hands on (`createPayout`, or
 * `payoutList` given to the shared list), following helpers of the door itself (a local function,
 * or one imported from another file of the same door).
 */

export const ROOT = path.resolve(__dirname, '../../..');

/** A function (or list declaration) of src/domain, by its module and exported name. */
export interface DomainRef {
  name: string;
  /** The module's path from the repository root, with its extension: `src/domain/wallet/payouts/service.ts`. */
  module: string;
}

export const refKey = (r: DomainRef): string => `${r.module}#${r.name}`;

export interface RouteSource {
  method: string;
  /** The declared path; a template (`transfer_${direction}`) matches any value in its holes. */
  path: RegExp;
  /** The file that declares the route, from the repository root. */
  file: string;
  calls: DomainRef[];
}

export interface GraphQLOperation {
  kind: 'query' | 'mutation' | 'subscription';
  field: string;
  file: string;
  calls: DomainRef[];
}

/**
 * Folders of src/platform whose functions every operation uses (parsing, errors, pages, ids, money,
 * the idempotency layer every mutation runs in) and so say nothing of what an operation does.
 */
const PLUMBING = ['validation', 'errors', 'pagination', 'ids', 'money', 'idempotency', 'context.ts'].map((f) => `src/platform/${f}`);

/**
 * A domain name that is wiring rather than the operation: a constant (`MAX_FILE_BYTES`), the
 * dependencies or settings handed to the function (`cardSecureDeps`, `fileSettings`), an area's
 * error table.
 */
const isWiring = (name: string) => /^[A-Z0-9_]+$/.test(name) || /(Deps|Settings|SettingsOf|Errors)$/.test(name);

const isDomain = (ref: Imported) =>
  (ref.module.startsWith('src/domain/') || ref.module.startsWith('src/platform/')) && !PLUMBING.some((p) => ref.module === p || ref.module.startsWith(`${p}/`)) && !isWiring(ref.name);

interface Imported {
  module: string;
  name: string;
}

interface ParsedFile {
  file: string;
  source: ts.SourceFile;
  imports: Map<string, Imported>;
  /** Functions and arrow-function constants declared at any level, by name. */
  locals: Map<string, ts.Node>;
}

const parsed = new Map<string, ParsedFile>();

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(path.join(ROOT, from)), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate)) return path.relative(ROOT, candidate).split(path.sep).join('/');
  }
  return undefined;
}

function parse(file: string): ParsedFile {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const imports = new Map<string, Imported>();
  const locals = new Map<string, ts.Node>();
  for (const stmt of source.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const clause = stmt.importClause;
    if (!clause || clause.isTypeOnly || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const module = resolveModule(file, stmt.moduleSpecifier.text);
    if (!module) continue;
    for (const el of clause.namedBindings.elements) {
      if (!el.isTypeOnly) imports.set(el.name.text, { module, name: (el.propertyName ?? el.name).text });
    }
  }
  const collect = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) locals.set(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
      locals.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const result = { file, source, imports, locals };
  parsed.set(file, result);
  return result;
}

/**
 * The domain functions a piece of a door calls or hands on, in the order they appear; helpers of
 * the same door (`door`: its folder, `src/rest-compat/`) are followed.
 */
function domainCalls(file: ParsedFile, node: ts.Node, door: string, seen = new Set<string>()): DomainRef[] {
  const found: DomainRef[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isTypeNode(n)) return;
    if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) {
      const imported = file.imports.get(n.text);
      if (imported && isDomain(imported)) found.push({ name: imported.name, module: imported.module });
      else if (imported && imported.module.startsWith(door)) found.push(...followExport(imported, door, seen));
      else if (!imported) {
        const local = file.locals.get(n.text);
        const key = `${file.file}#${n.text}`;
        if (local && local !== node && !seen.has(key)) {
          seen.add(key);
          found.push(...domainCalls(file, local, door, seen));
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

function followExport(imported: Imported, door: string, seen: Set<string>): DomainRef[] {
  const key = `${imported.module}#${imported.name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const file = parse(imported.module);
  const local = file.locals.get(imported.name);
  return local ? domainCalls(file, local, door, seen) : [];
}

const unique = (refs: DomainRef[]): DomainRef[] => [...new Map(refs.map((r) => [refKey(r), r])).values()];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

function pathPattern(node: ts.Expression): RegExp | undefined {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return new RegExp(`^${escape(node.text)}$`);
  if (ts.isTemplateExpression(node)) {
    return new RegExp(`^${escape(node.head.text)}${node.templateSpans.map((s) => `[^/]+${escape(s.literal.text)}`).join('')}$`);
  }
  return undefined;
}

/** An object literal's initializer, through `as const` and parentheses. */
function objectLiteral(node: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  let n = node;
  while (n && (ts.isAsExpression(n) || ts.isParenthesizedExpression(n) || ts.isSatisfiesExpression(n))) n = n.expression;
  return n && ts.isObjectLiteralExpression(n) ? n : undefined;
}

/** Constants of a file initialized with an object literal (`const base = { ... } as const`), by name. */
function objectConstants(file: ParsedFile): Map<string, ts.ObjectLiteralExpression> {
  const found = new Map<string, ts.ObjectLiteralExpression>();
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const obj = objectLiteral(n.initializer);
      if (obj) found.set(n.name.text, obj);
    }
    ts.forEachChild(n, visit);
  };
  visit(file.source);
  return found;
}

/** A route declaration's members, with those of the constants it spreads (`...base`). */
function members(obj: ts.ObjectLiteralExpression, constants: Map<string, ts.ObjectLiteralExpression>): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const prop of obj.properties) {
    if (ts.isSpreadAssignment(prop) && ts.isIdentifier(prop.expression)) {
      const spread = constants.get(prop.expression.text);
      if (spread) for (const [k, v] of members(spread, constants)) found.set(k, v);
    } else if (ts.isSpreadAssignment(prop)) {
      found.set(`...${found.size}`, prop);
    } else if (prop.name && ts.isIdentifier(prop.name)) {
      found.set(prop.name.text, ts.isPropertyAssignment(prop) ? prop.initializer : prop);
    }
  }
  return found;
}

/**
 * Every route src/rest-compat registers: a registerRoute / registerPublicRoute call, or a route it
 * adds to the registry itself (`routeRegistry(app).add(download)`) and serves with `app.route`
 * (`url: \`/api${download.path}\``), with what its handler calls.
 */
export function restRouteSources(): RouteSource[] {
  const door = 'src/rest-compat/';
  const routes: RouteSource[] = [];
  for (const name of sourceFiles('src/rest-compat')) {
    const text = fs.readFileSync(path.join(ROOT, name), 'utf8');
    if (!/register(Public)?Route\(|\.add\(/.test(text)) continue;
    const file = parse(name);
    const constants = objectConstants(file);
    const declare = (decl: Map<string, ts.Node>, pathNode: ts.Node | undefined): void => {
      const method = decl.get('method');
      const pattern = pathNode && ts.isExpression(pathNode) ? pathPattern(pathNode) : undefined;
      if (!method || !ts.isStringLiteral(method) || !pattern) return;
      const calls: DomainRef[] = [];
      for (const [key, value] of decl) if (key === 'handler' || key.startsWith('...')) calls.push(...domainCalls(file, value, door));
      const known = routes.find((r) => r.method === method.text && r.path.source === pattern.source && r.file === name);
      if (known) known.calls = unique([...known.calls, ...calls]);
      else routes.push({ method: method.text, path: pattern, file: name, calls: unique(calls) });
    };
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        const last = n.arguments[n.arguments.length - 1];
        const obj = objectLiteral(last) ?? (last && ts.isIdentifier(last) ? constants.get(last.text) : undefined);
        const isRegister = ts.isIdentifier(callee) && /^register(Public)?Route$/.test(callee.text);
        const isAdd = ts.isPropertyAccessExpression(callee) && callee.name.text === 'add' && ts.isCallExpression(callee.expression) && ts.isIdentifier(callee.expression.expression) && callee.expression.expression.text === 'routeRegistry';
        const isServe = ts.isPropertyAccessExpression(callee) && callee.name.text === 'route';
        if (obj && (isRegister || isAdd)) {
          const decl = members(obj, constants);
          declare(decl, decl.get('path'));
        } else if (obj && isServe) {
          // app.route({ method, url: `/api${download.path}`, handler }): the path is the constant's.
          const decl = members(obj, constants);
          const url = decl.get('url');
          const span = url && ts.isTemplateExpression(url) && url.head.text === '/api' && url.templateSpans.length === 1 ? url.templateSpans[0]!.expression : undefined;
          const holder = span && ts.isPropertyAccessExpression(span) && ts.isIdentifier(span.expression) && span.name.text === 'path' ? constants.get(span.expression.text) : undefined;
          if (holder) declare(decl, members(holder, constants).get('path'));
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(file.source);
  }
  return routes;
}

const OPERATION_DECORATORS = { Query: 'query', Mutation: 'mutation', Subscription: 'subscription' } as const;

/** Every Query, Mutation and Subscription field of src/resolvers, with what its resolver calls. */
export function graphQLOperations(): GraphQLOperation[] {
  const door = 'src/resolvers/';
  const operations: GraphQLOperation[] = [];
  for (const name of sourceFiles('src/resolvers')) {
    const text = fs.readFileSync(path.join(ROOT, name), 'utf8');
    if (!/@(Query|Mutation|Subscription)\(/.test(text)) continue;
    const file = parse(name);
    const visit = (n: ts.Node): void => {
      if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name)) {
        for (const decorator of ts.getDecorators(n) ?? []) {
          const call = decorator.expression;
          if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
          const kind = OPERATION_DECORATORS[call.expression.text as keyof typeof OPERATION_DECORATORS];
          if (!kind) continue;
          const options = call.arguments.find(ts.isObjectLiteralExpression);
          const named = options?.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'name');
          const field = named && ts.isStringLiteral(named.initializer) ? named.initializer.text : n.name.text;
          operations.push({ kind, field, file: name, calls: unique(domainCalls(file, n, door)) });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(file.source);
  }
  return operations;
}
