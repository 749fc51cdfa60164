import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Context } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { newClient } from '../platform/db/connections';
import type { RenderEventData } from '../platform/events/render';
import { LiveHub } from '../platform/live/hub';
import { linkOrigin } from '../platform/runtime/public-origin';
import { callerAddress, proxyTrust, type ProxyTrust } from '../platform/runtime/trust-proxy';
import type { AppServices } from '../services';
import type { CallerCredentials, GraphQLContext } from './context';
import { costRefusal, operationCost } from './cost';
import { formatGraphQLError } from './errors';
import { LiveAccess } from './live-access';
import { createLoaders } from './loaders';

export { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from './live-access';

/** How long closing sockets get to finish the close handshake when the app stops. */
const CLOSE_GRACE_MS = 1000;

export interface LiveGraphQLOptions {
  path: string;
  schema: GraphQLSchema;
  /** The same limits as HTTP GraphQL (graphql-armor's rules) and the parser's token limit. */
  validationRules: readonly ValidationRule[];
  /** The cost limit of HTTP GraphQL (cost.ts), counted with the subscription's variables. */
  maxCost: number;
  maxTokens: number;
  hub: LiveHub;
  renderEventData: RenderEventData;
}

type ConnectionParams = Record<string, unknown> | undefined;

const param = (params: ConnectionParams, ...names: string[]): string | undefined => {
  if (!params) return undefined;
  const lower = new Map(Object.entries(params).map(([k, v]) => [k.toLowerCase(), v]));
  for (const name of names) {
    const v = lower.get(name);
    if (typeof v === 'string') return v;
  }
  return undefined;
};

/** The credentials of a connection: its connection parameters, named as the HTTP headers are. */
function credentialsOf(params: ConnectionParams, request: IncomingMessage, trust: ProxyTrust | false, requestId: string): CallerCredentials {
  return {
    authHeader: param(params, 'x-auth-token', 'authorization'),
    clientId: param(params, 'x-client-id'),
    onBehalfOf: param(params, 'x-on-behalf-of'),
    // As Fastify's req.ip has it (the same trust): a socket and an HTTP call from one client meet the same allow-list.
    ip: callerAddress(request, trust),
    requestId,
  };
}

/**
 * graphql-ws on the app's own port and GraphQL path: an HTTP upgrade of /graphql becomes a
 * graphql-ws connection (a ws server without a server of its own, on Fastify's 'upgrade' event —
 * no Fastify plugin needed for one path). The caller signs in in connection_init, exactly as an
 * HTTP call does, and is checked again on every change and at its token's expiry (live-access.ts);
 * only subscriptions are served here (queries and mutations go over HTTP, where idempotency keys
 * and uploads live).
 */
export function registerLiveGraphQL(app: FastifyInstance, services: AppServices, opts: LiveGraphQLOptions): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: services.config.bodyLimitBytes });
  const trust = proxyTrust(services.config.trustProxy);
  const originOf = linkOrigin(services.config);
  const access = new LiveAccess(services, app.log);
  const rules = [...specifiedRules, ...opts.validationRules];

  useServer<Record<string, unknown>, Record<PropertyKey, never>>(
    {
      schema: opts.schema,
      isProd: true,
      async onConnect(ctx: Context<Record<string, unknown>, Extra>) {
        const { socket, request } = ctx.extra;
        const creds = credentialsOf(ctx.connectionParams, request, trust, randomUUID());
        return access.signIn(socket, creds);
      },
      onSubscribe(ctx, _id, payload) {
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: opts.maxTokens });
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError('Syntax error')];
        }
        const errors = validate(opts.schema, document, rules);
        if (errors.length > 0) return errors;
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [new GraphQLError('No operation to run: name one with operationName')];
        const requested = operationCost(opts.schema, document, operation, payload.variables ?? {});
        if (requested > opts.maxCost) return [costRefusal({ requested, limit: opts.maxCost })];
        if (operation.operation !== 'subscription') {
          return [new GraphQLError(`Only subscriptions are served over WebSocket; send ${operation.operation}s over HTTP POST ${opts.path}`)];
        }
        const rctx = access.contextOf(ctx.extra.socket);
        if (!rctx) return [new GraphQLError('Not signed in')];
        const auth = () => Promise.resolve(rctx);
        const origin = originOf({ protocol: 'http', host: ctx.extra.request.headers.host ?? 'localhost' });
        const contextValue: GraphQLContext = {
          services,
          requestId: randomUUID(),
          loaders: createLoaders(auth, { origin, services }),
          idempotencyKey: undefined,
          origin,
          auth,
          renderEventData: opts.renderEventData,
          live: {
            hub: opts.hub,
            close: (code, reason) => ctx.extra.socket.close(code, reason),
          },
        };
        return { schema: opts.schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      // Errors read as they do over HTTP: domain errors keep their code, anything else is opaque.
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: result.errors.map((e) => formatGraphQLError(e.toJSON(), e)) };
      },
      // Refusals before execution (syntax, validation, armor limits, not a subscription) carry no
      // original error: they are the caller's mistake, shown as Apollo shows its validation errors.
      onError(_ctx, _id, _payload, errors) {
        return errors.map((e) =>
          e.originalError
            ? formatGraphQLError(e.toJSON(), e)
            : { message: e.message, locations: e.locations, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', type: 'validation', httpStatus: 400 } },
        );
      },
    },
    wss,
  );

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== opts.path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  // Before the HTTP server closes (it waits for every socket, upgraded ones included): say goodbye
  // to subscribers, end the hub's streams and its LISTEN session, then cut sockets that linger.
  app.addHook('preClose', async () => {
    access.close();
    for (const client of wss.clients) client.close(1001, 'Server shutting down');
    await opts.hub.close();
    if (wss.clients.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_GRACE_MS);
        timer.unref();
        const check = () => {
          if (wss.clients.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        };
        for (const client of wss.clients) client.once('close', check);
      });
    }
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

/** The process's hub: a dedicated LISTEN client with the pool's own connection settings. */
export function createLiveHub(services: AppServices, app: FastifyInstance, onSubscriberCount: (n: number) => void): LiveHub {
  return new LiveHub({
    db: services.db.pool,
    listenClient: () => newClient(services.db.pool.options),
    logger: app.log,
    onSubscriberCount,
  });
}
