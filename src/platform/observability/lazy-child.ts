import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent, LogFn, Logger } from 'pino';

/**
 * A request's logger that becomes pino's child only when it writes. Fastify makes a child logger for
 * every request to bind its id; with redaction configured, pino serialises and redacts the bindings
 * at once — ~3 % of the server's CPU per payout under load (docs/performance.md) for a logger most
 * requests never write to below the configured level. Lines that are written are the child's own,
 * bindings and all.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options) as FastifyBaseLogger);
  }

  private method(level: Level): LogFn {
    return ((...args: Parameters<LogFn>) => {
      // Below the level nothing is written, so nothing needs the child.
      if (this.real === undefined && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
      (this.logger[level] as (...a: unknown[]) => void)(...args);
    }) as LogFn;
  }

  readonly fatal = this.method('fatal');
  readonly error = this.method('error');
  readonly warn = this.method('warn');
  readonly info = this.method('info');
  readonly debug = this.method('debug');
  readonly trace = this.method('trace');
  readonly silent: LogFn = (() => undefined) as LogFn;

  get level(): LevelWithSilent | string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilent | string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory` for a pino root logger. */
export const lazyChildLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyChildLogger(logger as unknown as Logger, bindings, options);
