import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

/** One HTTP request of a scenario, for one server. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Rewrites the body before each request (a fresh quote id for each conversion). */
  nextBody?: () => string;
  // payment acceptance (issue 8): a fresh intent id in the path of each confirm or capture
  /** Rewrites the path before each request. */
  nextPath?: () => string;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** A fresh x-idempotency-key on every request. */
  idempotent: boolean;
  /** autocannon's overallRate: requests per second over all connections. Unset: as fast as it answers. */
  rate?: number;
  /**
   * A 2xx answer whose body fails this check counts as failed (GraphQL answers its errors with 200).
   * Unset: bodies are not read.
   */
  bodyOk?: (body: string) => boolean;
}

export interface Figures {
  rps: number;
  /** Requests answered over the run. */
  total: number;
  /** 2xx answers (that passed bodyOk) per second of the run. */
  okPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  /** 2xx answers whose body failed bodyOk. */
  badBodies: number;
  /** How many answers had each non-2xx status. */
  non2xxByStatus: Record<string, number>;
}

/** Failures of any kind in one run: what makes the bench exit non-zero. */
export const failures = (f: Figures): number => f.non2xx + f.errors + f.badBodies;

/**
 * One autocannon run against one server. With `rate`, autocannon paces the requests and corrects
 * the latencies for coordinated omission (a request that could not be sent on time counts the
 * wait), so a p99 at a fixed rate is what a client sending at that rate would see.
 */
export async function load(base: string, request: BenchRequest, opts: LoadOptions): Promise<Figures> {
  let badBodies = 0;
  const { nextBody, nextPath, ...fixed } = request;
  const needsSetup = opts.idempotent || nextBody !== undefined || nextPath !== undefined;
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate !== undefined ? { overallRate: Math.max(1, Math.round(opts.rate)) } : {}),
    requests: [
      {
        ...fixed,
        ...(needsSetup
          ? {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(nextBody ? { body: nextBody() } : {}),
                ...(nextPath ? { path: nextPath() } : {}),
                headers: { ...req.headers, ...(opts.idempotent ? { 'x-idempotency-key': randomUUID() } : {}) },
              }),
            }
          : {}),
        ...(opts.bodyOk
          ? {
              onResponse: (status: number, body: string) => {
                if (status >= 200 && status < 300 && !opts.bodyOk!(body)) badBodies++;
              },
            }
          : {}),
      },
    ],
  });
  const ok = result['2xx'] - badBodies;
  return {
    rps: result.requests.average,
    total: result.requests.total,
    okPerSecond: result.duration > 0 ? ok / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    badBodies,
    non2xxByStatus: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, stats]) => [status, Number(stats.count ?? 0)]),
    ),
  };
}
