import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';

/**
 * A test app's real listener, called over real sockets: the same TestApp, except that `inject`
 * sends each request on a TCP connection of its own to 127.0.0.1 (port chosen by the OS). The
 * shared Client and every fixture built on it work unchanged through it, so a race is set up with
 * the usual fixtures and then run through the HTTP server the way concurrent clients reach it.
 *
 * `together` is the barrier of a race: each contender makes exactly one POST, which is sent whole
 * except the last byte of its body; once every contender's connection is open and its request is
 * at the server but for that byte, all last bytes go out at once. No route handler can start
 * before its body is complete, so none starts before every contender is at the server: they
 * contend for real, whatever the machine's load.
 */
export interface Wire {
  /** The app as seen over the wire: pass it to `clientOf` / `new Client`. */
  t: TestApp;
  /** Runs `contenders` (one POST each) released at once by the barrier; answers in their order. */
  together<T>(contenders: Array<() => Promise<T>>): Promise<T[]>;
  /**
   * The same, with work that is no request (a worker's job) started at the instant the barrier
   * opens; answers the contenders' answers and the jobs' results, each in their order.
   */
  togetherWith<T, U>(contenders: Array<() => Promise<T>>, alongside: Array<() => Promise<U>>): Promise<[T[], U[]]>;
  close(): Promise<void>;
}

/** One race's barrier: the contenders that have arrived (by index), and the releases they wait on. */
interface Gate {
  expected: number;
  arrived: Set<number>;
  waiting: Array<() => void>;
  open: boolean;
  /** Resolves when the barrier opens. */
  opened: Promise<void>;
  markOpened: () => void;
}

/**
 * What the tests read of an answer. Fastify's inject answers carry more (the raw request and
 * response objects); no test of a race reads them, so they are not made up here.
 */
type WireReply = Pick<LightMyRequestResponse, 'statusCode' | 'statusMessage' | 'headers' | 'body' | 'payload' | 'rawPayload' | 'json' | 'cookies' | 'trailers'>;

export async function overTheWire(t: TestApp): Promise<Wire> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  // Which contender of which race a request belongs to (each contender runs in its own context).
  const contender = new AsyncLocalStorage<{ gate: Gate; index: number }>();
  const sockets = new Set<Socket>();

  const send = (opts: InjectOptions): Promise<WireReply> =>
    new Promise((resolve, reject) => {
      const payload = opts.payload === undefined ? undefined : typeof opts.payload === 'string' || Buffer.isBuffer(opts.payload) ? Buffer.from(opts.payload) : Buffer.from(JSON.stringify(opts.payload));
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== undefined) headers[k] = String(v);
      if (payload) {
        headers['content-length'] = String(payload.length);
        headers['content-type'] ??= 'application/json';
      }
      const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: typeof opts.url === 'string' ? opts.url : String(opts.url), headers, agent: false });
      req.on('socket', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = raw.toString('utf8');
          resolve({
            statusCode: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers as LightMyRequestResponse['headers'],
            body,
            payload: body,
            rawPayload: raw,
            json: <T>() => JSON.parse(body) as T,
            cookies: [],
            trailers: {},
          });
        });
      });
      const mine = contender.getStore();
      // Only a contender's first request waits at the barrier, and only one with a body to hold back.
      if (!mine || mine.gate.open || mine.gate.arrived.has(mine.index) || !payload || payload.length === 0) {
        req.end(payload);
        if (mine) arrive(mine.gate, mine.index, () => undefined);
        return;
      }
      // All but the last byte now; the last one when every contender is here.
      req.write(payload.subarray(0, payload.length - 1), () => arrive(mine.gate, mine.index, () => req.end(payload.subarray(payload.length - 1))));
    });

  function arrive(g: Gate, index: number, release: () => void): void {
    if (g.open) return release();
    g.waiting.push(release);
    g.arrived.add(index);
    if (g.arrived.size >= g.expected) openGate(g);
  }

  function openGate(g: Gate): void {
    if (!g.open) g.markOpened();
    g.open = true;
    for (const r of g.waiting.splice(0)) r();
  }

  function newGate(expected: number): Gate {
    let markOpened = () => undefined as void;
    const opened = new Promise<void>((resolve) => (markOpened = resolve));
    const g: Gate = { expected, arrived: new Set(), waiting: [], open: false, opened, markOpened };
    if (expected === 0) openGate(g);
    return g;
  }

  async function togetherWith<T, U>(contenders: Array<() => Promise<T>>, alongside: Array<() => Promise<U>>): Promise<[T[], U[]]> {
    const g = newGate(contenders.length);
    // A contender that ends before sending anything counts as arrived: the others must not wait for it.
    const runs = contenders.map((run, index) => contender.run({ gate: g, index }, run).finally(() => arrive(g, index, () => undefined)));
    const jobs = alongside.map((job) => g.opened.then(job));
    try {
      return await Promise.all([Promise.all(runs), Promise.all(jobs)]);
    } finally {
      // On a failure, let every job end before the test goes on (none is left running unawaited).
      openGate(g);
      await Promise.allSettled(jobs);
    }
  }

  const wired: TestApp = { ...t, inject: (opts: InjectOptions) => send(opts) as Promise<LightMyRequestResponse> };
  return {
    t: wired,
    async together<T>(contenders: Array<() => Promise<T>>): Promise<T[]> {
      return (await togetherWith<T, never>(contenders, []))[0];
    },
    togetherWith,
    /** Drops any connection still open; the listener itself closes with the app (TestApp.close). */
    async close() {
      for (const s of sockets) s.destroy();
    },
  };
}
