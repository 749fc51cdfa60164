import type { Logger } from 'pino';
import type { ServiceDeps } from '../platform/context';
import { purgeIdempotencyKeys } from '../platform/idempotency/layer';
import { runDueTransitions } from '../platform/scheduler/run';
import '../domain/areas';

/** One periodic job: what it does and how often. Jobs must be safe to run in several workers at once. */
export interface Job {
  name: string;
  everyMs: number;
  run(deps: ServiceDeps): Promise<number | void>;
}

export const DEFAULT_JOBS: Job[] = [
  // Sandbox transitions on the real clock happen within about a second of falling due.
  { name: 'run-due-transitions', everyMs: 250, run: (deps) => runDueTransitions(deps, { realClock: true }) },
  { name: 'purge-idempotency-keys', everyMs: 60 * 60 * 1000, run: (deps) => purgeIdempotencyKeys(deps) },
];

/**
 * Runs jobs on their intervals inside the API process (default) or alone (`npm run worker`).
 * stop() waits for a job that is running to finish, so shutdown never cuts a transaction short.
 */
export class Worker {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly log: Logger,
    private readonly jobs: Job[] = DEFAULT_JOBS,
  ) {}

  start(): void {
    for (const job of this.jobs) {
      this.tick(job);
      this.timers.push(setInterval(() => this.tick(job), job.everyMs));
    }
  }

  private readonly busy = new Set<string>();

  private tick(job: Job): void {
    // A job still running from the last tick is not started again beside itself.
    if (this.stopped || this.busy.has(job.name)) return;
    this.busy.add(job.name);
    const run = job
      .run(this.deps)
      .then((n) => (typeof n === 'number' && n > 0 ? this.log.info({ job: job.name, count: n }, 'job ran') : undefined))
      .catch((err: unknown) => this.log.error({ err, job: job.name }, 'job failed'))
      .finally(() => {
        this.running.delete(run);
        this.busy.delete(job.name);
      });
    this.running.add(run);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.all([...this.running]);
  }
}
