import 'reflect-metadata';
import { ADMIN_USAGE, LedgerCheckFailed, runAdminCommand, UsageError } from '../src/admin/commands';
import { KeyCommandRefused } from '../src/admin/key-commands';
import { boot } from '../src/boot';
import { loadConfig } from '../src/config';
import { isDomainError } from '../src/platform/errors/domain-error';
import { createLogger } from '../src/platform/observability/logger';

/** npm run admin -- <command>: operator tasks on the configured (or embedded) database. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(ADMIN_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const config = loadConfig();
  const booted = await boot(config, createLogger({ level: 'warn' }));
  try {
    const out = await runAdminCommand({ ...booted.services, custody: booted.custody, cardDataKeysConfigured: config.cardDataKeys !== undefined }, argv);
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return 0;
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      process.stderr.write(`${(e as Error).message}\n\n${ADMIN_USAGE}`);
      return 2;
    }
    if (e instanceof KeyCommandRefused) {
      process.stderr.write(`error: ${e.message}\n`);
      return 1;
    }
    if (e instanceof LedgerCheckFailed) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    if (isDomainError(e)) {
      process.stderr.write(`error: ${e.message}${e.field ? ` (${e.field})` : ''}\n`);
      return 1;
    }
    throw e;
  } finally {
    await booted.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
