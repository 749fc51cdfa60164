/**
 * A start-up failure the operator can act on: what went wrong (`problem`) and what to do about it
 * (`fix`). The entry points print it as one message, without a stack trace unless LOG_LEVEL=debug.
 * Thrown where the failure is understood (data dir, embedded PostgreSQL, DATABASE_URL, migrations,
 * listening); anything else is reported as unexpected.
 */
export class StartupError extends Error {
  constructor(
    readonly problem: string,
    readonly fix: string,
    options?: { cause?: unknown },
  ) {
    super(`${problem} — ${fix}`, options);
    this.name = 'StartupError';
  }
}

export function isStartupError(e: unknown): e is StartupError {
  return e instanceof StartupError;
}

/**
 * The text printed on stderr when `what` ("payrail", "payrail worker") could not start. The stack
 * (and the chain of causes) only at LOG_LEVEL=debug, so the usual output is the cause and the fix.
 */
export function describeStartupFailure(what: string, err: unknown, opts: { debug: boolean }): string {
  const lines: string[] = [];
  if (isStartupError(err)) {
    lines.push(`${what} could not start: ${err.problem}`, `  fix: ${err.fix}`);
  } else {
    const message = err instanceof Error ? err.message : String(err);
    lines.push(`${what} could not start: ${message}`, '  fix: this failure is unexpected; run again with LOG_LEVEL=debug for the stack trace and report it');
  }
  if (opts.debug) {
    for (let e: unknown = err; e instanceof Error; e = e.cause) lines.push('', e.stack ?? String(e));
  }
  return lines.join('\n') + '\n';
}

/**
 * The text printed on stderr when `what` cannot carry on after it started (its embedded database
 * died for good): the same cause and fix, so that whoever restarts it knows what to look at.
 */
export function describeRuntimeFailure(what: string, err: StartupError, opts: { debug: boolean }): string {
  const lines = [`${what} cannot carry on: ${err.problem}`, `  fix: ${err.fix}`];
  if (opts.debug) {
    for (let e: unknown = err; e instanceof Error; e = e.cause) lines.push('', e.stack ?? String(e));
  }
  return lines.join('\n') + '\n';
}

/** LOG_LEVEL=debug or trace: read from the environment directly, as the configuration may be what failed. */
export function debugRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
}

/** host:port/database of a postgres URL: never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return '(unparsable URL)';
  }
}
