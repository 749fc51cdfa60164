import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app';

/** A test app listening on a loopback port (graphql-ws needs a real socket). */
export interface LiveApp {
  t: TestApp;
  base: string;
  wsUrl: string;
}

export async function listen(t: TestApp): Promise<LiveApp> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return { t, base: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/graphql` };
}

export const startLiveApp = async (opts: Parameters<typeof startTestApp>[0] = {}): Promise<LiveApp> => listen(await startTestApp(opts));

export interface ReceivedEvent {
  id: string;
  /** The event name. */
  type: string;
  webhookEventType: string;
  objectId: string;
  accountId: string;
  createdAt: string;
  cursor: string;
  webhookData: Record<string, unknown>;
}

export const EVENTS_SUBSCRIPTION = `subscription Events($after: String, $filter: EventFilter) {
  events(after: $after, filter: $filter) { id type webhookEventType objectId accountId createdAt cursor webhookData }
}`;

/** The subscription's variables: a cursor to resume after, and the filter. */
export type EventsVariables = {
  after?: string;
  filter?: { types?: string[]; objectId?: string; createdAfter?: string; createdBefore?: string };
};

/** One graphql-ws connection with one events subscription, collecting what arrives. */
export interface Subscription {
  events: ReceivedEvent[];
  errors: unknown[];
  /** Resolves with the socket's close event (code and reason). */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until `n` events arrived (fails after `timeoutMs`, naming what did arrive). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  dispose(): Promise<void>;
}

export function subscribe(
  wsUrl: string,
  connectionParams: Record<string, string>,
  variables: EventsVariables = {},
  query: string = EVENTS_SUBSCRIPTION,
): Subscription {
  let resolveClosed!: (v: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
  const client: WsClient = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: { closed: (e) => resolveClosed({ code: (e as { code: number }).code, reason: String((e as { reason: unknown }).reason) }) },
    onNonLazyError: () => undefined,
  });
  const events: ReceivedEvent[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<() => void>();
  client.subscribe<{ events: ReceivedEvent }>(
    { query, variables },
    {
      next: (msg) => {
        if (msg.data) events.push(msg.data.events);
        if (msg.errors) errors.push(...msg.errors);
        for (const w of waiters) w();
      },
      error: (err) => {
        errors.push(err);
        for (const w of waiters) w();
      },
      complete: () => undefined,
    },
  );
  return {
    events,
    errors,
    closed,
    waitFor(n, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events.slice());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} events within ${timeoutMs} ms, got ${JSON.stringify(events.map((e) => e.type))} errors ${JSON.stringify(errors)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    dispose: () => client.dispose() as Promise<void>,
  };
}

/** The value of payrail_live_subscribers on an app's /metrics. */
export async function liveSubscribers(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('payrail_live_subscribers '));
  return line ? Number(line.split(' ')[1]) : NaN;
}

/**
 * Waits until the app serves `n` subscriptions: a subscription is registered with the hub a moment
 * after the client sends it, and events committed before that are (by design) not replayed.
 */
export async function untilSubscribers(base: string, n: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await liveSubscribers(base);
    if (now === n) return;
    if (Date.now() > deadline) throw new Error(`expected ${n} live subscribers, the app reports ${now}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
