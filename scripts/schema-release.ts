import fs from 'node:fs';
import path from 'node:path';
import { checkRepository, DECLARED_CHANGES, RELEASE_SCHEMA, repoRoot, type DeclaredChanges } from './schema-gate';

/**
 * `npm run schema:release -- <version>`: makes today's schema.graphql the release the gate compares
 * with (schema/release.graphql) and starts the next release's declarations empty. The changes the
 * gate finds between the two releases are printed first, as the release notes' list: a major
 * version (1.0, a break declared as a whole) is re-baselined this way rather than declared change by
 * change. docs/graphql.md, "Change control", is the procedure.
 */
function main(): void {
  const version = process.argv[2];
  if (!version || !/^\d+\.\d+(\.\d+)?$/.test(version)) {
    process.stderr.write('usage: npm run schema:release -- <version>   (for example 1.0)\n');
    process.exit(2);
  }
  const root = repoRoot();
  const report = checkRepository(root);
  const reasons = new Map((JSON.parse(fs.readFileSync(path.join(root, DECLARED_CHANGES), 'utf8')) as DeclaredChanges).changes.map((c) => [c.description, c.reason]));
  for (const c of report.found) {
    process.stdout.write(`${c.breaking ? 'BREAKING' : 'dangerous'} ${c.type}: ${c.description}${reasons.has(c.description) ? ` (${reasons.get(c.description)})` : ''}\n`);
  }
  fs.copyFileSync(path.join(root, 'schema.graphql'), path.join(root, RELEASE_SCHEMA));
  const next: DeclaredChanges = { release: version, changes: [] };
  fs.writeFileSync(path.join(root, DECLARED_CHANGES), JSON.stringify(next, null, 2) + '\n');
  process.stdout.write(`schema ${version} is the release now: ${RELEASE_SCHEMA}, ${DECLARED_CHANGES} emptied (${report.found.length} changes since the last)\n`);
}

main();
