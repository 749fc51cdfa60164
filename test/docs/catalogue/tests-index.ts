import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_METHODS } from '../../clients/catalog';
import { ROOT } from './sources';

/**
 * Which test files exercise a route: a `*.test.ts` file that names the route's path in a string
 * (a template's `${…}` standing for any value) with the route's method written just before it
 * (`c.post('/v1/payouts'`, `method: 'POST', url: …`), or with no method there at all; and the
 * replay file the official clients' catalogue (test/clients/catalog.ts) names for a method that
 * sends it. Helpers that tests call (fixtures) are not followed.
 */

export interface TestedRoute {
  method: string;
  path: string;
}

interface PathMention {
  file: string;
  path: string;
  /** The method written just before the path, when there is one. */
  method?: string;
}

const VERB = /\b(get|post|delete|GET|POST|DELETE|Get|Post|Delete)(?![a-z])/g;
const LITERAL = /(['"`])(?:\/api)?(\/v[12]\/[^'"`\s]*)\1/g;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

function mentions(): PathMention[] {
  const found: PathMention[] = [];
  for (const file of testFiles('test')) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(LITERAL)) {
      const before = text.slice(Math.max(0, m.index - 80), m.index);
      const verbs = [...before.matchAll(VERB)];
      const method = verbs.length ? verbs[verbs.length - 1]![1]!.toUpperCase() : undefined;
      const literal = m[2]!.replace(/\$\{[^}]*\}/g, 'X').replace(/\?.*$/, '').replace(/\/$/, '');
      found.push({ file, path: literal, method });
    }
  }
  return found;
}

const pattern = (routePath: string) => new RegExp(`^${routePath.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);

/** The test files (from the repository root) that exercise each route, by `METHOD path`. */
export function testsByRoute(routes: readonly TestedRoute[]): Map<string, string[]> {
  const all = mentions();
  const result = new Map<string, string[]>();
  for (const route of routes) {
    const re = pattern(route.path);
    // A path a more literal route owns (`/v1/issuing/cards/arts`) is not a value of `:id`.
    const literalOwners = routes.filter((r) => r !== route && r.method === route.method && !r.path.includes(':') && re.test(r.path));
    const files = new Set<string>();
    for (const m of all) {
      if (m.method && m.method !== route.method) continue;
      if (!re.test(m.path) || literalOwners.some((r) => r.path === m.path)) continue;
      files.add(m.file);
    }
    for (const c of CLIENT_METHODS) {
      if (c.verb === route.method && 'replayedIn' in c.status && re.test(c.path.replace(/\{[^}]+\}/g, 'X'))) files.add(c.status.replayedIn);
    }
    result.set(`${route.method} ${route.path}`, [...files].sort());
  }
  return result;
}
