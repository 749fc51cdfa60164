#!/usr/bin/env node
'use strict';
/**
 * `npm run docs:architecture`: draws the house from the code's own imports. Folders are rooms,
 * imports between rooms are arrows (labelled with how many import lines make them), and each room
 * sits on a floor: entry points on top, then the two doors, the domain's registries (its lists of
 * areas), the product groups of the domain, operations (running PostgreSQL), and the platform. An
 * arrow from a lower floor to a higher one runs against the rule (doors -> domain -> platform) and
 * is listed.
 *
 * Prints Markdown (a Mermaid flowchart and the list of upward arrows). With `--write`, replaces the
 * text between `<!-- house:today -->` and `<!-- /house:today -->` in docs/architecture.md.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');

/** The product groups of the domain: each is a folder of src/domain holding its areas. */
const PRODUCT_GROUPS = ['wallet', 'acquiring', 'issuing', 'onboarding', 'developers'];

/** Floors, top to bottom; a room's floor is the first whose test it passes. */
const FLOORS = [
  { name: 'entry', test: (p) => /^(main|app|boot|database)\.ts$/.test(p) || /^(jobs|cli|admin|graphiql|docs|static)\//.test(p) },
  { name: 'doors', test: (p) => /^(rest-compat|resolvers)\//.test(p) },
  // The domain's own lists of its areas (lifecycles, event payloads) and what the doors hand it.
  { name: 'domain registry', test: (p) => /^domain\/[a-z-]+\.ts$/.test(p) || p === 'services.ts' },
  { name: 'product', test: (p) => productGroupOf(p) !== null },
  // Running a PostgreSQL server: start-up uses it, and it uses the platform's connections.
  { name: 'operations', test: (p) => p.startsWith('ops/') },
  { name: 'platform', test: () => true },
];

function productGroupOf(rel) {
  const group = /^domain\/([a-z-]+)\//.exec(rel)?.[1];
  return group && PRODUCT_GROUPS.includes(group) ? group : null;
}

/** The room a source file belongs to: a product group, a platform folder, or a top-level entry. */
function roomOf(rel) {
  const group = productGroupOf(rel);
  if (group) return `domain: ${group}`;
  if (rel.startsWith('domain/') || rel === 'services.ts') return 'domain (root)';
  if (rel.startsWith('platform/')) {
    const sub = rel.split('/')[1];
    return `platform: ${sub.replace(/\.ts$/, '')}`;
  }
  return rel.split('/')[0];
}

function floorOf(rel) {
  return FLOORS.findIndex((f) => f.test(rel));
}

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'generated') continue;
      walk(p, out);
    } else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;

function resolveImport(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const c of [base + '.ts', path.join(base, 'index.ts'), base]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

function measure() {
  const files = walk(SRC);
  const edges = new Map();
  const roomFloor = new Map();
  const upward = [];
  for (const file of files) {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    const from = roomOf(rel);
    roomFloor.set(from, Math.min(roomFloor.get(from) ?? 99, floorOf(rel)));
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (!target || !target.startsWith(SRC + path.sep)) continue;
      const trel = path.relative(SRC, target).split(path.sep).join('/');
      if (trel.startsWith('generated/')) continue;
      const to = roomOf(trel);
      if (to === from) continue;
      const key = `${from}\u0000${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      if (floorOf(trel) < floorOf(rel)) upward.push(`${rel} -> ${trel}`);
    }
  }
  return { edges, roomFloor, upward };
}

function render({ edges, roomFloor, upward }) {
  const ids = new Map();
  const idOf = (room) => {
    if (!ids.has(room)) ids.set(room, `r${ids.size}`);
    return ids.get(room);
  };
  const lines = ['```mermaid', 'flowchart TB'];
  FLOORS.forEach((floor, i) => {
    const rooms = [...roomFloor].filter(([, f]) => f === i).map(([r]) => r).sort();
    if (rooms.length === 0) return;
    lines.push(`  subgraph f${i}["${floor.name}"]`);
    for (const r of rooms) lines.push(`    ${idOf(r)}["${r}"]`);
    lines.push('  end');
  });
  for (const [key, n] of [...edges].sort()) {
    const [from, to] = key.split('\u0000');
    lines.push(`  ${idOf(from)} -->|${n}| ${idOf(to)}`);
  }
  lines.push('```', '');
  lines.push(`Import lines that run up a floor (against doors -> domain -> platform): ${upward.length}.`);
  for (const u of upward.sort()) lines.push(`- \`${u}\``);
  return lines.join('\n') + '\n';
}

const MARKERS = /(<!-- house:today -->\n)([\s\S]*?)(<!-- \/house:today -->)/;

/** The picture of today's tree, as `--write` puts it in docs/architecture.md. */
const today = () => render(measure());

/** What docs/architecture.md holds between its markers now. */
function written() {
  const m = MARKERS.exec(fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8'));
  if (!m) throw new Error('docs/architecture.md has no <!-- house:today --> markers');
  return m[2];
}

if (require.main !== module) {
  module.exports = { today, written };
} else if (process.argv.includes('--write')) {
  const doc = path.join(ROOT, 'docs', 'architecture.md');
  const current = fs.readFileSync(doc, 'utf8');
  written();
  fs.writeFileSync(doc, current.replace(MARKERS, (_, open, _old, close) => `${open}${today()}${close}`));
} else {
  process.stdout.write(today());
}
