import type { RegisteredRoute } from '../../../src/rest-compat/registry';
import { GROUP_TITLES, PRODUCT_GROUPS, areaOf, type ProductGroup } from './groups';
import { graphQLOperations, refKey, restRouteSources, type DomainRef, type GraphQLOperation, type RouteSource } from './sources';
import { CATALOGUE_IDS, CATALOGUE_SECTIONS, SPEC_SECTIONS, type CatalogueId } from './spec';
import { testsByRoute } from './tests-index';

/** One row of the catalogue: a registered route and what the repository says of it. */
export interface CatalogueRow {
  route: Pick<RegisteredRoute, 'method' | 'path' | 'summary'>;
  key: string;
  id?: CatalogueId;
  /** The rest-compat folder that declares the route (its area). */
  area: string;
  group?: ProductGroup;
  source?: RouteSource;
  graphql: GraphQLOperation[];
  tests: string[];
}

export const routeKey = (r: Pick<RegisteredRoute, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The catalogue's rows, in the registry's order. */
export function catalogueRows(routes: readonly Pick<RegisteredRoute, 'method' | 'path' | 'summary'>[]): CatalogueRow[] {
  const sources = restRouteSources();
  const operations = graphQLOperations();
  const byRef = new Map<string, GraphQLOperation[]>();
  for (const op of operations) for (const ref of op.calls) byRef.set(refKey(ref), [...(byRef.get(refKey(ref)) ?? []), op]);
  const tests = testsByRoute(routes);
  return routes.map((route) => {
    const key = routeKey(route);
    const source = sources.find((s) => s.method === route.method && s.path.test(route.path));
    const { group, area } = source ? areaOf(source.file) : { group: undefined, area: 'unknown' };
    const graphql = [...new Set((source?.calls ?? []).flatMap((ref) => byRef.get(refKey(ref)) ?? []))];
    return { route, key, id: CATALOGUE_IDS.find((c) => c.route === key), area, group, source, graphql, tests: tests.get(key) ?? [] };
  });
}

const code = (s: string) => `\`${s}\``;
const fn = (ref: DomainRef) => `${code(ref.name)} (${ref.module.replace(/^src\/domain\//, '')})`;
const cell = (items: string[]) => (items.length ? items.join(', ') : '—');
const idNumber = (id: string) => Number(id.replace(/^[A-Z]+/, ''));
const byId = (a: CatalogueId, b: CatalogueId) => a.id.replace(/[0-9]+$/, '').localeCompare(b.id.replace(/[0-9]+$/, '')) || idNumber(a.id) - idNumber(b.id);

function numbered(sections: Readonly<Record<string, string>>): [string, string][] {
  const rank = (k: string) => k.split('.').map(Number);
  return Object.entries(sections).sort(([a], [b]) => {
    const [x, y] = [rank(a), rank(b)];
    return (x[0]! - y[0]!) || ((x[1] ?? -1) - (y[1] ?? -1));
  });
}

export function renderCatalogue(rows: readonly CatalogueRow[]): string {
  const lines: string[] = [
    '# Catalogue',
    '',
    '<!-- Written by `npm run docs:catalogue` from the route registry and the doors\' source (test/docs/catalogue/); do not edit by hand. -->',
    '',
    'Every REST route payrail serves, as the route registry (src/rest-compat/registry.ts) holds it:',
    "its id in the specification's endpoint catalogue (AU1, PA12, CI4, ...; `—` for a route of payrail's",
    "own or of the official clients), the domain functions its handler calls, the GraphQL fields whose",
    'resolvers call the same functions, and the test files that call it. The specification\'s section',
    'numbers that comments cite ("spec 4.6", "catalogue 3.7") are listed at the end.',
    '',
    'How the columns are found: the domain functions are the src/domain names a route\'s handler calls or',
    'hands on (a list declaration given to the shared list, `payoutList`), leaving out parsing, errors,',
    'pages, ids, money and the idempotency layer; a GraphQL field is listed when its resolver calls one of',
    'them. A test file is listed when it names the route\'s path with the route\'s method just before it (or',
    'no method), or when the official clients\' catalogue (test/clients/catalog.ts) names it as the replay',
    'of a method that sends the route; fixtures the tests call are not followed.',
    '',
    '## Catalogue ids',
    '',
    '| id | tier | what | route | area |',
    '|---|---|---|---|---|',
  ];
  for (const id of [...CATALOGUE_IDS].sort(byId)) {
    const row = rows.find((r) => r.id === id);
    const route = `${code(id.route)}${id.note ? ` (${id.note})` : ''}`;
    lines.push(`| ${id.id} | ${id.tier} | ${id.title} | ${route} | ${row ? `${row.group ?? 'platform'} / ${row.area}` : 'not served'} |`);
  }
  lines.push('', 'Tiers: **S** described by the specification, **N** named by it or presupposed, **B** only in the reference client.', '');

  for (const group of [...PRODUCT_GROUPS, undefined]) {
    const mine = rows.filter((r) => r.group === group);
    if (mine.length === 0) continue;
    lines.push(`## ${group ? GROUP_TITLES[group] : 'Outside the product groups'}`, '');
    for (const area of [...new Set(mine.map((r) => r.area))]) {
      lines.push(`### ${area}`, '', '| id | route | what it does | domain functions | GraphQL | tests |', '|---|---|---|---|---|---|');
      for (const r of mine.filter((x) => x.area === area)) {
        const gql = r.graphql.map((op) => `${op.kind} ${code(op.field)}`);
        const tests = r.tests.map((t) => t.replace(/^test\//, ''));
        lines.push(`| ${r.id?.id ?? '—'} | ${code(r.key)} | ${r.route.summary.replace(/\|/g, '\\|')} | ${cell((r.source?.calls ?? []).map(fn))} | ${cell(gql)} | ${cell(tests)} |`);
      }
      lines.push('');
    }
  }

  lines.push('## Sections of the specification', '', 'Cited in src as "spec X.Y" (the interface specification).', '', '| spec | title |', '|---|---|');
  for (const [n, title] of numbered(SPEC_SECTIONS)) lines.push(`| ${n} | ${title} |`);
  lines.push('', 'Cited as "catalogue X.Y" or "endpoints.md X.Y" (the endpoint catalogue, whose ids head this page).', '', '| catalogue | title |', '|---|---|');
  for (const [n, title] of numbered(CATALOGUE_SECTIONS)) lines.push(`| ${n} | ${title} |`);
  return `${lines.join('\n').trimEnd()}\n`;
}
