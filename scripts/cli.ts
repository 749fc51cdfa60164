import { runCli } from '../src/cli/main';

/** npm run cli -- <command>: the developer CLI (docs/cli.md). Talks to a running payrail over its public API. */
const stopRequested = new Promise<void>((resolve) => {
  // The first Ctrl-C stops cleanly (exit 0); a second one exits at once.
  const onSignal = () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    process.once('SIGINT', () => process.exit(130));
    resolve();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
});

runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  cwd: process.cwd(),
  stopRequested,
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`cli failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
