import { randomBytes } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { EventType } from '../platform/events/catalogue';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, TOKEN_EXPIRED_REASON } from '../platform/live/close-codes';
import { webhookBody, webhookHeaders } from '../domain/developers/webhooks/signature';
import type { PayrailApi } from './api';

/** A Stripe-style secret: the HMAC key of the forwarded deliveries, made fresh for each run. */
export const newSigningSecret = (): string => `whsec_${randomBytes(24).toString('hex')}`;

/**
 * graphql-ws close codes after which reconnecting cannot help: the credentials are refused. Except
 * one: the server closes a socket with 4401 when its token expires, and a new token lets it in.
 */
const FATAL_CLOSE_CODES = new Set([CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN]);
const closeOf = (e: unknown): { code: number | undefined; reason: string } => ({
  code: (e as { code?: number }).code,
  reason: String((e as { reason?: unknown }).reason ?? ''),
});
const tokenExpired = (e: unknown): boolean => {
  const { code, reason } = closeOf(e);
  return code === CLOSE_UNAUTHORIZED && reason === TOKEN_EXPIRED_REASON;
};
const fatal = (e: unknown): boolean => FATAL_CLOSE_CODES.has(closeOf(e).code ?? 0) && !tokenExpired(e);
/** How long the receiver may take to answer one forwarded event. */
const FORWARD_TIMEOUT_MS = 10_000;

const SUBSCRIPTION = `subscription CliListen {
  events { id type webhookEventType objectId accountId createdAt webhookData }
}`;

interface LiveEventMessage {
  id: string;
  /** The event name. */
  type: string;
  webhookEventType: EventType;
  objectId: string;
  webhookData: unknown;
}

export interface ListenOptions {
  api: PayrailApi;
  forwardTo: string;
  /** Only these event names (all when empty). */
  events: ReadonlySet<string>;
  secret: string;
  out: (line: string) => void;
}

export interface Listening {
  /** Resolves when the subscription ends for good (refused credentials); rejects with why. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Subscribes over graphql-ws and forwards each event to `forwardTo` as a webhook delivery: the body
 * and the two signature headers come from the same functions the delivery worker uses, so a
 * receiver that verifies deliveries verifies these. Events are forwarded one at a time, in order.
 * The socket reconnects (with a fresh token) when it drops; events committed while it is down are
 * not replayed — live events are for watching, webhooks are the durable path. When the server
 * closes the socket because its token expired (4401, which graphql-ws clients never retry by
 * themselves), a new client signs in with a new token and subscribes again.
 */
export function startListening(opts: ListenOptions): Listening {
  const wsUrl = new URL('/graphql', opts.api.baseUrl);
  wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  let fail!: (err: Error) => void;
  let finish!: () => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let connectedOnce = false;
  let stopped = false;
  let queue = Promise.resolve();
  let current: { client: Client; unsubscribe: () => void } | undefined;
  // A token that expired is no failure: a new client is on its way (renew).
  const failWith = (err: unknown, describe: (e: unknown) => string): void => {
    if (!tokenExpired(err)) fail(err instanceof Error ? err : new Error(describe(err)));
  };

  const connect = (): void => {
    const client: Client = createClient({
      url: wsUrl.href,
      webSocketImpl: WebSocket,
      connectionParams: async () => ({ 'x-auth-token': `Bearer ${await opts.api.accessToken()}`, 'x-client-id': opts.api.clientId }),
      lazy: false,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: (e) => !fatal(e),
      on: {
        connected: () => {
          opts.out(connectedOnce ? 'reconnected' : `ready: listening on ${wsUrl.href}, forwarding to ${opts.forwardTo}`);
          connectedOnce = true;
        },
        closed: (e) => {
          const { code, reason } = closeOf(e);
          if (tokenExpired(e)) {
            opts.out('the access token expired, signing in again…');
            setImmediate(renew);
          } else if (fatal(e)) fail(new Error(`payrail refused the connection (${code}): ${reason}`));
          else if (connectedOnce && code !== 1000) opts.out(`connection lost (${code ?? 'no code'}), reconnecting…`);
        },
      },
      onNonLazyError: (err) => failWith(err, (e) => String((e as { reason?: unknown }).reason ?? e)),
    });
    const unsubscribe = client.subscribe<{ events: LiveEventMessage }>(
      { query: SUBSCRIPTION },
      {
        next: (msg) => {
          const event = msg.data?.events;
          if (msg.errors) opts.out(`error from payrail: ${JSON.stringify(msg.errors)}`);
          if (!event || (opts.events.size > 0 && !opts.events.has(event.type))) return;
          // In order, one at a time, as a delivery per endpoint is.
          queue = queue.then(() => forward(opts, event));
        },
        error: (err) => failWith(err, (e) => `subscription ended: ${JSON.stringify(e)}`),
        complete: () => finish(),
      },
    );
    current = { client, unsubscribe };
  };

  /** The token expired: drop it, and sign in again with a new client (the old one gave up). */
  const renew = (): void => {
    if (stopped) return;
    opts.api.forgetToken();
    const old = current;
    connect();
    void old?.client.dispose();
  };

  connect();
  return {
    done,
    async stop() {
      stopped = true;
      current?.unsubscribe();
      await queue;
      await current?.client.dispose();
      finish();
    },
  };
}

async function forward(opts: ListenOptions, event: LiveEventMessage): Promise<void> {
  const body = webhookBody({ id: event.id, eventType: event.webhookEventType, eventName: event.type, sourceId: event.objectId, data: event.webhookData });
  let outcome: string;
  try {
    const res = await fetch(opts.forwardTo, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...webhookHeaders(opts.secret, body) },
      body,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    outcome = `${res.status}`;
  } catch (err) {
    const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
    outcome = `error: ${cause}`;
  }
  opts.out(`${new Date().toISOString()}  ${event.type}  ${event.id}  -> ${outcome}`);
}
