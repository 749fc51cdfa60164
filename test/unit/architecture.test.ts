import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..', '..', 'src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const rel = (file: string) => path.relative(SRC, file);
/** Does `source` import (statically, dynamically or by require) from src/<folder> through a relative path? */
const importsFrom = (source: string, folder: string): boolean =>
  new RegExp(`(from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*)['"](\\.\\.\\/)+${folder}[/'"]`).test(source);
const doors = [...filesUnder(path.join(SRC, 'resolvers')), ...filesUnder(path.join(SRC, 'rest-compat'))];

describe('the shape of every area (docs/area-shape.md)', () => {
  it('no door imports a Prisma type: services return view types', () => {
    expect(doors.filter((f) => /from ['"][./]*(\.\.\/)*generated\/prisma/.test(read(f))).map(rel)).toEqual([]);
  });

  it('no door queries the database itself', () => {
    expect(doors.filter((f) => /\.prisma\.|\$queryRaw|\$executeRaw/.test(read(f))).map(rel)).toEqual([]);
  });

  it('inputs are parsed by the one parser: no other safeParse in src', () => {
    const parsers = filesUnder(SRC).filter((f) => !f.includes(`${path.sep}generated${path.sep}`) && /\.safeParse\(/.test(read(f)));
    // The OpenAPI builder probes a schema with undefined to tell a required member; it parses no input.
    expect(parsers.map(rel).sort()).toEqual(['config.ts', 'domain/validation/validate.ts', 'rest-compat/openapi/schemas.ts']);
  });

  it('lists are built by the two list helpers only', () => {
    const builders = doors.filter((f) => /connectionWindow\(|toConnection\(|total_pages:/.test(read(f))).map(rel).sort();
    expect(builders).toEqual(['resolvers/shared/operations.ts', 'rest-compat/shared/list.ts']);
  });

  it('the domain imports from no door: events store views, and the doors render them', () => {
    const domain = filesUnder(path.join(SRC, 'domain'));
    const importers = domain.filter((f) => importsFrom(read(f), '(rest-compat|resolvers)')).map(rel);
    expect(importers).toEqual([]);
  });

  it('a door imports nothing of the other door: what both need is in the domain, or given by the composition root', () => {
    const graphql = filesUnder(path.join(SRC, 'resolvers')).filter((f) => importsFrom(read(f), 'rest-compat')).map(rel);
    const rest = filesUnder(path.join(SRC, 'rest-compat')).filter((f) => importsFrom(read(f), 'resolvers')).map(rel);
    expect([...graphql, ...rest]).toEqual([]);
  });
});

describe('platform rules', () => {
  it('every PostgreSQL connection is opened by db/connections.ts, which gives it an error listener', () => {
    const opens = filesUnder(SRC).filter(
      (f) => !f.includes(`${path.sep}generated${path.sep}`) && /new\s+pg\.(Client|Pool)\b|import\s*\{[^}]*\b(Client|Pool)\b[^}]*\}\s*from\s*['"]pg['"]/.test(read(f)),
    );
    expect(opens.map(rel)).toEqual(['db/connections.ts']);
  });
});
