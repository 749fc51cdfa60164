import { applySchema, defaultMigrationsDir } from '../src/ops/migrations';

/**
 * npm run db:deploy: applies pending prisma/migrations to DATABASE_URL (an external database;
 * the embedded one is migrated by the server at start-up), then the prisma/functions files that
 * changed. Safe to run from several places at once: the runner serialises on an advisory lock.
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('db:deploy: DATABASE_URL is not set (postgresql://user:password@host:5432/database)\n');
    return 2;
  }
  const { migrations, functions } = await applySchema(url, defaultMigrationsDir());
  const lines = [...migrations.map((n) => `applied ${n}\n`), ...functions.map((n) => `applied function ${n}\n`)];
  process.stdout.write(lines.length === 0 ? 'db:deploy: no pending migrations\n' : lines.join(''));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`db:deploy failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
