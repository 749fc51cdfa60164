import type { ChildProcess } from 'node:child_process';
import { StartupError } from '../platform/runtime/startup-error';
import { stopPostgres } from './postgres-server';

/** How the embedded server's process ended. */
export interface ServerExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines it wrote (a PANIC says why; a SIGKILL leaves none of its own). */
  lastLines: string;
}

/** What the supervisor tells its owner; each message is a complete log line. */
export interface SupervisionEvents {
  /** The server exited without being asked to; a restart follows. */
  crashed(exit: ServerExit, message: string): void;
  /** It accepts connections again, on the same port. */
  restarted(info: { port: number; afterMs: number; attempts: number; recovered: boolean }, message: string): void;
  /** No restart succeeded within the bound: the database stays away, and this process cannot carry on. */
  gaveUp(error: StartupError): void;
}

export interface SupervisorOptions {
  /** The server as first started. */
  first: ChildProcess;
  port: number;
  clusterDir: string;
  /**
   * Starts the server again on the same port: resolves once it accepts connections (its crash
   * recovery done; `recovered` when it had to replay WAL), rejects when it did not start.
   */
  relaunch: () => Promise<{ child: ChildProcess; recovered: boolean }>;
  /** How long restart attempts go on before giving up. */
  restartWithinMs: number;
  /** The last lines PostgreSQL wrote, for the message when it cannot be restarted. */
  recentLog: () => string;
  events: SupervisionEvents;
}

/** Pauses between restart attempts: double from the first to the last. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2000;

export function describeExit(exit: Pick<ServerExit, 'code' | 'signal'>): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * Keeps the embedded PostgreSQL running for as long as this process owns it. PostgreSQL restarts
 * its own backends after one of them crashes; nothing restarts the postmaster itself when it dies
 * (the OOM killer, a stray kill -9). The supervisor starts it again on the same cluster and port —
 * the port is what every pool of this process, and every other payrail process sharing the
 * server, connects to — and PostgreSQL replays its WAL before accepting connections (crash
 * recovery), so nothing that committed is lost. Attempts repeat with a growing pause while the old
 * server's processes let go of the cluster (its shared memory, its port); when none succeeds within
 * `restartWithinMs`, `gaveUp` says why and the owner exits, so that its own supervisor restarts
 * the whole.
 */
export class PostgresSupervisor {
  private child: ChildProcess;
  private stopped = false;
  private restarting: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly opts: SupervisorOptions) {
    this.child = opts.first;
    this.watch(this.child);
  }

  /** The server process running now (or the last one, while a restart is under way). */
  get current(): ChildProcess {
    return this.child;
  }

  /** No restart after this; waits for an attempt under way, then stops the server (fast shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.restarting;
    await stopPostgres(this.child);
  }

  private watch(child: ChildProcess): void {
    child.once('exit', (code, signal) => {
      if (this.stopped || child !== this.child) return;
      const exit: ServerExit = { pid: child.pid, code, signal, lastLines: this.opts.recentLog() };
      this.opts.events.crashed(exit, `embedded PostgreSQL (pid ${exit.pid}) exited unexpectedly (${describeExit(exit)}); restarting it`);
      this.restarting = this.restart(exit).finally(() => (this.restarting = undefined));
    });
  }

  private async restart(exit: ServerExit): Promise<void> {
    const started = Date.now();
    let lastError: unknown;
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        const { child, recovered } = await this.opts.relaunch();
        if (this.stopped) {
          await stopPostgres(child);
          return;
        }
        this.child = child;
        this.watch(child);
        const afterMs = Date.now() - started;
        const how = recovered ? ' after crash recovery' : '';
        this.opts.events.restarted(
          { port: this.opts.port, afterMs, attempts: attempt, recovered },
          `embedded PostgreSQL restarted on port ${this.opts.port}${how} (${afterMs} ms, ${attempt} ${attempt === 1 ? 'attempt' : 'attempts'})`,
        );
        return;
      } catch (error) {
        lastError = error;
      }
      const pause = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
      if (Date.now() - started + pause > this.opts.restartWithinMs) {
        this.opts.events.gaveUp(this.cannotRestart(exit, lastError));
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private cannotRestart(exit: ServerExit, lastError: unknown): StartupError {
    const seconds = Math.round(this.opts.restartWithinMs / 1000);
    const why = this.opts.recentLog() || (lastError instanceof Error ? lastError.message : String(lastError));
    return new StartupError(
      `the embedded PostgreSQL in ${this.opts.clusterDir} exited (${describeExit(exit)}) and could not be restarted within ${seconds} s: ${why}`,
      `payrail exits so that its supervisor (systemd, Docker, Kubernetes) starts it again; if this repeats, make sure no process of the old server still runs on ${this.opts.clusterDir} and that its disk has room (LOG_LEVEL=debug shows PostgreSQL's whole log)`,
      { cause: lastError },
    );
  }
}
