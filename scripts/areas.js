#!/usr/bin/env node
'use strict';
/**
 * `npm run areas`: writes the registry of areas from the area folders themselves, the way a
 * file-based router writes its route tree. An area is a folder `<group>/<area>/` of src/domain; what
 * it declares is in its own files, found by name:
 *
 *   src/domain/<group>/<area>/area.ts          `export const area = defineArea({ statusColumns, payloads,
 *                                              tables, ledgerReferences, entryKinds })`, and its
 *                                              lifecycle, loaded by it
 *   src/domain/<group>/<area>/event-names.ts   `export const events = defineEvents({ name: type })`
 *   src/rest-compat/<group>/<area>/index.ts    `export const rest = restArea({ routes, presenters })`
 *   src/resolvers/<group>/<area>/index.ts      `export const graphql = graphqlArea({ resolvers, objects, nodes })`
 *
 * and the lists are written from them: src/domain/areas.ts, src/domain/event-names.ts,
 * src/rest-compat/areas.ts and src/resolvers/areas.ts. Adding an area is adding its folders and
 * running this (the build runs it); no list is edited by hand. `test/unit/areas.test.ts` fails when a written list is out of date.
 *
 * `node scripts/areas.js` prints what differs; `--write` writes the lists.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** The product groups, in the order every list and document uses. */
const GROUPS = ['wallet', 'acquiring', 'issuing', 'onboarding', 'developers'];

const HEADER = '// Written by `npm run areas` from the area folders (scripts/areas.js): do not edit.\n';

const dirsUnder = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];

/** `<group>/<area>` of every area folder under `pillar` (src/domain, src/rest-compat, src/resolvers). */
function areasUnder(pillar) {
  return GROUPS.flatMap((g) => dirsUnder(path.join(pillar, g)).map((a) => `${g}/${a}`));
}

/** An identifier for an area's import: `wallet/virtual-accounts` -> `wallet_virtualAccounts`. */
const idOf = (area) => area.replace(/-([a-z])/g, (_, c) => c.toUpperCase()).replace('/', '_');

/** The three lists, by path from the repository root, for the source tree at `src`. */
function generate(src) {
  const domain = areasUnder(path.join(src, 'domain'));
  const has = (pillar, area, file) => fs.existsSync(path.join(src, pillar, area, file));

  const declared = domain.filter((a) => has('domain', a, 'area.ts'));
  const domainList = [
    HEADER,
    "import { EMPTY_AREA, payloadsByKind } from '../platform/areas';",
    "// Every area's event names, declared before anything reads the catalogue (a webhook endpoint's names).",
    "export { EVENT_CATALOGUE } from './event-names';",
    ...declared.map((a) => `import { area as ${idOf(a)} } from './${a}/area';`),
    '',
    '/** Every area of the domain, by `<group>/<area>`, with what it declares (its lifecycle is loaded with it). */',
    'export const AREAS = {',
    ...domain.map((a) => `  '${a}': ${declared.includes(a) ? idOf(a) : 'EMPTY_AREA'},`),
    '} as const;',
    '',
    'export type AreaName = keyof typeof AREAS;',
    '',
    '/**',
    ' * The tables the areas insert whole rows into through write sets, in the order of the areas:',
    ' * payrail_insert_row has a static INSERT for each (npm run sql:functions).',
    ' */',
    'export const ROW_INSERTED_TABLES = [',
    ...declared.map((a) => `  ...${idOf(a)}.tables,`),
    '];',
    '',
    '/** The resources journal entries reference, and the movements they post (BT3: transaction_way, transaction_type). */',
    'export const LEDGER_REFERENCE_TYPES = [',
    ...declared.map((a) => `  ...${idOf(a)}.ledgerReferences,`),
    '];',
    'export const JOURNAL_ENTRY_KINDS = [',
    ...declared.map((a) => `  ...${idOf(a)}.entryKinds,`),
    '];',
    '',
    '/** Every kind of view the outbox stores, by the kind it is stored under; a kind declared twice throws. */',
    'export const EVENT_PAYLOADS = payloadsByKind([',
    ...declared.map((a) => `  ...${idOf(a)}.payloads,`),
    ']);',
    '',
    '/** The status columns the areas declare, each with its array of values: npm run sql:checks holds each to it by a CHECK constraint. */',
    'export const STATUS_COLUMNS = [',
    ...declared.map((a) => `  ...${idOf(a)}.statusColumns,`),
    '];',
    '',
    "/** The tables whose rows are objects a client looks up by id (GraphQL's node(id)), each with its kind: one statement finds an id's kind among them all. */",
    'export const NODE_TABLES = [',
    ...declared.map((a) => `  ...${idOf(a)}.nodes,`),
    '] as const;',
    '',
    '/** The kinds of object the areas declare as rows (`defineArea({ nodes })`). */',
    "export type NodeKind = (typeof NODE_TABLES)[number]['kind'];",
    '',
  ].join('\n');

  const door = (pillar, name, helper, areaHelper, lists, first = []) => {
    const areas = areasUnder(path.join(src, pillar));
    const strays = areas.filter((a) => !domain.includes(a) && !DOOR_ONLY.includes(a));
    if (strays.length) throw new Error(`${pillar}: ${strays.join(', ')} is no area of src/domain`);
    const withIndex = areas.filter((a) => has(pillar, a, 'index.ts'));
    return [
      HEADER,
      ...first,
      `import { ${helper} } from './area';`,
      ...withIndex.map((a) => `import { ${name} as ${idOf(a)} } from './${a}';`),
      '',
      `/** Every area of this door that has one, by \`<group>/<area>\`: what it adds (${areaHelper}). */`,
      `export const ${lists.areas} = {`,
      ...withIndex.map((a) => `  '${a}': ${idOf(a)},`),
      '} as const;',
      '',
      lists.tail(withIndex),
      '',
    ].join('\n');
  };

  const rest = door('rest-compat', 'rest', 'type EventPresenters', 'restArea', {
    areas: 'REST_AREAS',
    tail: (areas) =>
      [
        '/** The routes of every area, in the order of the areas. */',
        'export const REST_MODULES = Object.values(REST_AREAS).flatMap((a) => a.routes);',
        '',
        '/** How each kind of stored view reads on the wire; the compiler refuses a kind left out. */',
        'export const EVENT_PRESENTERS = {',
        ...areas.map((a) => `  ...${idOf(a)}.presenters,`),
        '} satisfies EventPresenters;',
      ].join('\n'),
  });

  const graphql = door('resolvers', 'graphql', 'type EventObjects', 'graphqlArea', {
    areas: 'GRAPHQL_AREAS',
    tail: (areas) =>
      [
        '/** The resolvers of every area, in the order of the areas. */',
        'export const RESOLVERS = Object.values(GRAPHQL_AREAS).flatMap((a) => a.resolvers);',
        '',
        '/** Each kind of stored view as its GraphQL object; the compiler refuses a kind left out. */',
        'export const EVENT_OBJECTS = {',
        ...areas.map((a) => `  ...${idOf(a)}.objects,`),
        '} satisfies EventObjects;',
        '',
        '/** Every node type (an object with an id `node(id)` finds), in the order of the areas. */',
        'export const NODE_TYPES = Object.values(GRAPHQL_AREAS).flatMap((a) => a.nodes);',
      ].join('\n'),
  }, ["// The areas' resolvers are decorated classes: the metadata API comes first.", "import 'reflect-metadata';"]);

  // The event names alone, light enough for the CLI: each area's event-names.ts holds only data.
  const named = domain.filter((a) => has('domain', a, 'event-names.ts'));
  const eventNames = [
    HEADER,
    ...named.map((a) => `import { events as ${idOf(a)} } from './${a}/event-names';`),
    '',
    '/** Every event the areas write, with its envelope\'s event_type: each area declares its own (event-names.ts). */',
    'export const EVENT_CATALOGUE = {',
    ...named.map((a) => `  ...${idOf(a)},`),
    '} as const;',
    '',
  ].join('\n');

  return {
    'src/domain/areas.ts': domainList,
    'src/domain/event-names.ts': eventNames,
    'src/rest-compat/areas.ts': rest,
    'src/resolvers/areas.ts': graphql,
  };
}

/** Door areas with no domain area: the events are the platform's (the outbox); each door renders them. */
const DOOR_ONLY = ['developers/events'];

function stale(root = ROOT) {
  const lists = generate(path.join(root, 'src'));
  return Object.entries(lists)
    .filter(([file, text]) => !fs.existsSync(path.join(root, file)) || fs.readFileSync(path.join(root, file), 'utf8') !== text)
    .map(([file]) => file);
}

if (require.main !== module) {
  module.exports = { generate, stale, GROUPS };
} else if (process.argv.includes('--write')) {
  for (const [file, text] of Object.entries(generate(path.join(ROOT, 'src')))) fs.writeFileSync(path.join(ROOT, file), text);
} else {
  const files = stale();
  process.stdout.write(files.length ? `out of date: ${files.join(', ')} (npm run areas -- --write)\n` : 'the area lists are up to date\n');
  process.exitCode = files.length ? 1 : 0;
}
