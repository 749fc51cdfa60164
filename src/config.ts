import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isLoopback } from './platform/runtime/outbound/address-policy';
import { StartupError } from './platform/runtime/startup-error';
import { parseTrustProxy, type TrustProxySetting } from './platform/runtime/trust-proxy';

/** Every environment variable payrail reads, parsed and validated in one place. */
export interface Config {
  host: string;
  port: number;
  /** Embedded database files, generated signing key and the pid/state files live here. */
  dataDir: string;
  /** When set, this PostgreSQL is used and no embedded server is started. */
  databaseUrl: string | undefined;
  /** The embedded PostgreSQL's cluster directory, when not the default (see db/embedded-location.ts). */
  postgresDir: string | undefined;
  /** How long the embedded PostgreSQL's restarts are attempted after it died before payrail exits. */
  postgresRestartTimeoutSeconds: number;
  databasePoolSize: number;
  /** Group-commit batches in flight at once (docs/performance.md). */
  commitLanes: number;
  /** Keep API-key look-ups in memory, cleared on every change (docs/decisions/developers/auth.md, "Auth look-up cache"). */
  authCache: boolean;
  /** HS256 signing secret for access tokens (base64, >= 32 bytes); generated into dataDir when unset. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** Card data root keys, `<id>:<base64 32 bytes>` newest first; kept wrapped in the database when unset. */
  cardDataKeys: string | undefined;
  /**
   * The key-encryption key that wraps the data keys (src/platform/key-custody/kek.ts): the key list,
   * a file or a command printing it; in sandbox mode, `defaultFile` when none is set.
   */
  kek: { value: string | undefined; file: string | undefined; command: string | undefined; defaultFile: string };
  /** Whose X-Forwarded-For gives the caller's address: nobody's, the nearest N hops, or proxies in these ranges. */
  trustProxy: TrustProxySetting;
  /**
   * Where customers' browsers reach payrail (`https://pay.example.com`, optionally with a path prefix):
   * links to payrail's own pages and downloads are built on it. Required in production; in sandbox
   * mode, when unset, links are built on the request's own scheme and Host.
   */
  publicBaseUrl: string | undefined;
  /** A listener of its own for /metrics (production serves them nowhere else). */
  metricsListener: { host: string; port: number } | undefined;
  bodyLimitBytes: number;
  logLevel: string;
  sandboxClientId: string | undefined;
  sandboxApiKey: string | undefined;
  /** Run the background worker inside the API process. */
  runWorker: boolean;
  graphql: { maxDepth: number; maxCost: number; maxAliases: number };
  /** FX: the client's rate lies this many basis points from the mid rate, on each side. */
  fxSpreadBps: number;
  /** FX: how long a quote can be executed after it is issued. */
  fxQuoteTtlSeconds: number;
  /** Reveals of one card's secrets (CI6 details, CI7 tokens) allowed per window, across every process. */
  cardSecretRateLimit: number;
  cardSecretRateWindowSeconds: number;
  /** Reveals of card secrets one API key may make per window, over all its cards, across every process. */
  cardSecretKeyBudget: number;
  cardSecretKeyBudgetWindowSeconds: number;
  /** Request rate limits of each process (docs/security.md, "Access on every use, and rate limits"). */
  rateLimits: RateLimitsConfig;
  /** CSP frame-ancestors sources of the card iframe page: 'self' plus these origins. */
  cardIframeAncestors: string[];
  /** Files (AF6, AF7): per-account quotas, link lifetime, and where the bytes live. */
  files: FilesConfig;
  /** sandbox (default: local development and tests) or production. */
  mode: 'sandbox' | 'production';
  /**
   * Calls to customers' servers (webhooks, authorization decisions) reach global unicast addresses
   * only; `allowLoopback` (sandbox mode on a loopback listen address only) adds loopback receivers.
   */
  outbound: { allowLoopback: boolean };
  /** Authorization decisions: how long payrail waits for a customer's answer before its timeout strategy applies. */
  authDecisionTimeoutMs: number;
  /** Webhook deliveries (docs/webhooks.md). */
  webhooks: { timeoutMs: number; concurrency: number; disableAfter: number };
}

/** At most `max` requests per `windowSeconds` (a fixed window). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitsConfig {
  /** Token exchanges (POST /v1/connect/token) from one address. */
  tokenPerIp: RateLimit;
  /** Token exchanges naming one client_id, whatever their outcome. */
  tokenPerClient: RateLimit;
  /** Authenticated calls (REST and GraphQL) made with one API key. */
  callsPerKey: RateLimit;
}

export interface FilesConfig {
  quotaBytes: number;
  quotaCount: number;
  linkTtlSeconds: number;
  /** postgres (default: every process on the database sees every file) or s3. */
  store: 'postgres' | 's3';
  s3: { endpoint: string | undefined; region: string; bucket: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean };
}

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  PAYRAIL_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PAYRAIL_POSTGRES_DIR: z.string().min(1).optional(),
  PAYRAIL_POSTGRES_RESTART_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PAYRAIL_DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PAYRAIL_COMMIT_LANES: z.coerce.number().int().min(1).max(16).default(2),
  PAYRAIL_AUTH_CACHE: bool.default(true),
  PAYRAIL_JWT_SECRET: z.string().min(43).optional(),
  PAYRAIL_CARD_DATA_KEYS: z.string().min(1).optional(),
  // Key custody: the key-encryption key, outside the data directory and its backups.
  PAYRAIL_KEK: z.string().min(1).optional(),
  PAYRAIL_KEK_FILE: z.string().min(1).optional(),
  PAYRAIL_KEK_COMMAND: z.string().min(1).optional(),
  XDG_CONFIG_HOME: z.string().min(1).optional(),
  HOME: z.string().min(1).optional(),
  PAYRAIL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(1800),
  PAYRAIL_TRUST_PROXY: z.string().optional(),
  PAYRAIL_PUBLIC_BASE_URL: z.string().optional(),
  PAYRAIL_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PAYRAIL_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PAYRAIL_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYRAIL_SANDBOX_CLIENT_ID: z.string().min(1).optional(),
  PAYRAIL_SANDBOX_API_KEY: z.string().min(16).optional(),
  PAYRAIL_RUN_WORKER: bool.default(true),
  PAYRAIL_GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
  PAYRAIL_GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(5000),
  PAYRAIL_GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
  PAYRAIL_FX_SPREAD_BPS: z.coerce.number().int().min(0).max(2000).default(50),
  PAYRAIL_FX_QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).max(86400).default(300),
  // Secure card details: per-card reveals allowed in a window, and who may frame the card iframe.
  PAYRAIL_CARD_SECRET_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  PAYRAIL_CARD_SECRET_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  PAYRAIL_CARD_IFRAME_ANCESTORS: z.string().optional(),
  PAYRAIL_CARD_SECRET_KEY_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  PAYRAIL_CARD_SECRET_KEY_BUDGET_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
  // Rate limits per process: token exchanges per address and per client_id, calls per API key.
  PAYRAIL_RATE_LIMIT_TOKEN_PER_IP: z.coerce.number().int().min(1).max(1_000_000_000).default(60),
  PAYRAIL_RATE_LIMIT_TOKEN_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000_000).default(20),
  PAYRAIL_RATE_LIMIT_TOKEN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  PAYRAIL_RATE_LIMIT_CALLS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(1),
  // Files: quotas per account, download link lifetime, the store and its S3 settings.
  PAYRAIL_FILE_QUOTA_BYTES: z.coerce.number().int().min(1).default(1024 * 1024 * 1024),
  PAYRAIL_FILE_QUOTA_COUNT: z.coerce.number().int().min(1).default(10_000),
  PAYRAIL_FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86400).default(600),
  PAYRAIL_FILE_STORE: z.enum(['postgres', 's3']).default('postgres'),
  PAYRAIL_S3_ENDPOINT: z.string().url().optional(),
  PAYRAIL_S3_REGION: z.string().min(1).default('us-east-1'),
  PAYRAIL_S3_BUCKET: z.string().min(1).optional(),
  PAYRAIL_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PAYRAIL_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PAYRAIL_S3_FORCE_PATH_STYLE: bool.default(true),
  PAYRAIL_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  // Outbound calls reach global unicast addresses only; loopback receivers are an opt-in of local sandboxes.
  PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: bool.default(false),
  PAYRAIL_OUTBOUND_ALLOW_PRIVATE: bool.optional(),
  // Authorization decisions: the customer's budget, 5 s as the provider's.
  PAYRAIL_AUTH_DECISION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  // Webhooks: each attempt's deadline, attempts in flight per worker, FAILED deliveries before disabling.
  PAYRAIL_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAYRAIL_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  PAYRAIL_WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
});

/** An environment variable payrail cannot use. */
export class ConfigError extends StartupError {
  constructor(problem: string) {
    super(problem, 'correct or unset the variables it names (README, "Configuration", lists them all)');
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if ((e.PAYRAIL_SANDBOX_CLIENT_ID === undefined) !== (e.PAYRAIL_SANDBOX_API_KEY === undefined)) {
    throw new ConfigError('PAYRAIL_SANDBOX_CLIENT_ID and PAYRAIL_SANDBOX_API_KEY must be set together');
  }
  if (e.PAYRAIL_MODE === 'production' && e.PAYRAIL_SANDBOX_CLIENT_ID !== undefined) {
    throw new ConfigError('PAYRAIL_SANDBOX_CLIENT_ID and PAYRAIL_SANDBOX_API_KEY are for sandbox mode: production has no sandbox master');
  }
  if (e.PAYRAIL_FILE_STORE === 's3' && e.PAYRAIL_S3_BUCKET === undefined) {
    throw new ConfigError('PAYRAIL_FILE_STORE=s3 needs PAYRAIL_S3_BUCKET');
  }
  checkOutbound(e);
  let trustProxy: TrustProxySetting;
  try {
    trustProxy = parseTrustProxy(e.PAYRAIL_TRUST_PROXY);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.PAYRAIL_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    postgresDir: e.PAYRAIL_POSTGRES_DIR === undefined ? undefined : path.resolve(e.PAYRAIL_POSTGRES_DIR),
    postgresRestartTimeoutSeconds: e.PAYRAIL_POSTGRES_RESTART_TIMEOUT_SECONDS,
    databasePoolSize: e.PAYRAIL_DB_POOL_SIZE,
    commitLanes: e.PAYRAIL_COMMIT_LANES,
    authCache: e.PAYRAIL_AUTH_CACHE,
    jwtSecret: e.PAYRAIL_JWT_SECRET,
    tokenTtlSeconds: e.PAYRAIL_TOKEN_TTL_SECONDS,
    cardDataKeys: e.PAYRAIL_CARD_DATA_KEYS,
    kek: {
      value: e.PAYRAIL_KEK,
      file: e.PAYRAIL_KEK_FILE === undefined ? undefined : path.resolve(e.PAYRAIL_KEK_FILE),
      command: e.PAYRAIL_KEK_COMMAND,
      defaultFile: path.join(e.XDG_CONFIG_HOME ?? path.join(e.HOME ?? os.homedir(), '.config'), 'payrail', 'kek'),
    },
    trustProxy,
    publicBaseUrl: parsePublicBaseUrl(e.PAYRAIL_PUBLIC_BASE_URL, e.PAYRAIL_MODE),
    metricsListener: e.PAYRAIL_METRICS_PORT === undefined ? undefined : { host: e.PAYRAIL_METRICS_HOST, port: e.PAYRAIL_METRICS_PORT },
    bodyLimitBytes: e.PAYRAIL_BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    sandboxClientId: e.PAYRAIL_SANDBOX_CLIENT_ID,
    sandboxApiKey: e.PAYRAIL_SANDBOX_API_KEY,
    runWorker: e.PAYRAIL_RUN_WORKER,
    graphql: {
      maxDepth: e.PAYRAIL_GRAPHQL_MAX_DEPTH,
      maxCost: e.PAYRAIL_GRAPHQL_MAX_COST,
      maxAliases: e.PAYRAIL_GRAPHQL_MAX_ALIASES,
    },
    fxSpreadBps: e.PAYRAIL_FX_SPREAD_BPS,
    fxQuoteTtlSeconds: e.PAYRAIL_FX_QUOTE_TTL_SECONDS,
    cardSecretRateLimit: e.PAYRAIL_CARD_SECRET_RATE_LIMIT,
    cardSecretRateWindowSeconds: e.PAYRAIL_CARD_SECRET_RATE_WINDOW_SECONDS,
    cardIframeAncestors: parseFrameAncestors(e.PAYRAIL_CARD_IFRAME_ANCESTORS),
    cardSecretKeyBudget: e.PAYRAIL_CARD_SECRET_KEY_BUDGET,
    cardSecretKeyBudgetWindowSeconds: e.PAYRAIL_CARD_SECRET_KEY_BUDGET_WINDOW_SECONDS,
    rateLimits: {
      tokenPerIp: { max: e.PAYRAIL_RATE_LIMIT_TOKEN_PER_IP, windowSeconds: e.PAYRAIL_RATE_LIMIT_TOKEN_WINDOW_SECONDS },
      tokenPerClient: { max: e.PAYRAIL_RATE_LIMIT_TOKEN_PER_CLIENT, windowSeconds: e.PAYRAIL_RATE_LIMIT_TOKEN_WINDOW_SECONDS },
      callsPerKey: { max: e.PAYRAIL_RATE_LIMIT_CALLS_PER_KEY, windowSeconds: e.PAYRAIL_RATE_LIMIT_CALLS_WINDOW_SECONDS },
    },
    files: {
      quotaBytes: e.PAYRAIL_FILE_QUOTA_BYTES,
      quotaCount: e.PAYRAIL_FILE_QUOTA_COUNT,
      linkTtlSeconds: e.PAYRAIL_FILE_LINK_TTL_SECONDS,
      store: e.PAYRAIL_FILE_STORE,
      s3: {
        endpoint: e.PAYRAIL_S3_ENDPOINT,
        region: e.PAYRAIL_S3_REGION,
        bucket: e.PAYRAIL_S3_BUCKET,
        accessKeyId: e.PAYRAIL_S3_ACCESS_KEY_ID,
        secretAccessKey: e.PAYRAIL_S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.PAYRAIL_S3_FORCE_PATH_STYLE,
      },
    },
    mode: e.PAYRAIL_MODE,
    outbound: { allowLoopback: e.PAYRAIL_OUTBOUND_ALLOW_LOOPBACK },
    authDecisionTimeoutMs: e.PAYRAIL_AUTH_DECISION_TIMEOUT_MS,
    webhooks: { timeoutMs: e.PAYRAIL_WEBHOOK_TIMEOUT_MS, concurrency: e.PAYRAIL_WEBHOOK_CONCURRENCY, disableAfter: e.PAYRAIL_WEBHOOK_DISABLE_AFTER },
  };
}

/**
 * The outbound opt-in is for a developer's own machine: a loopback receiver is reachable only when
 * the server itself is reachable only from that machine, and never in production mode. The former
 * PAYRAIL_OUTBOUND_ALLOW_PRIVATE opened every private range; it is refused rather than ignored, so
 * that a deployment relying on it learns at start why its receivers are no longer called.
 */
function checkOutbound(e: z.output<typeof schema>): void {
  if (e.PAYRAIL_OUTBOUND_ALLOW_PRIVATE === true) {
    throw new ConfigError(
      'PAYRAIL_OUTBOUND_ALLOW_PRIVATE is no longer supported: webhooks and decision calls reach global unicast addresses only ' +
        '(for a receiver on this machine in sandbox mode, set PAYRAIL_OUTBOUND_ALLOW_LOOPBACK=1 with HOST on loopback)',
    );
  }
  if (!e.PAYRAIL_OUTBOUND_ALLOW_LOOPBACK) return;
  if (e.PAYRAIL_MODE !== 'sandbox') throw new ConfigError('PAYRAIL_OUTBOUND_ALLOW_LOOPBACK is allowed in sandbox mode only');
  if (!isLoopbackHost(e.HOST)) {
    throw new ConfigError(`PAYRAIL_OUTBOUND_ALLOW_LOOPBACK needs HOST on loopback (127.0.0.1, ::1 or localhost), not ${JSON.stringify(e.HOST)}`);
  }
}

/** A listen address only this machine can reach. */
const isLoopbackHost = (host: string): boolean => host.toLowerCase() === 'localhost' || isLoopback(host);

/**
 * PAYRAIL_PUBLIC_BASE_URL: scheme, host, optional port and path prefix, nothing else (a query or a
 * fragment would end up in the middle of every link). Production needs it, over https: without it
 * links would be built on whatever Host header a request carries.
 */
function parsePublicBaseUrl(v: string | undefined, mode: 'sandbox' | 'production'): string | undefined {
  if (v === undefined) {
    if (mode === 'production') throw new ConfigError('PAYRAIL_MODE=production needs PAYRAIL_PUBLIC_BASE_URL (the https address customers reach payrail at)');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(`PAYRAIL_PUBLIC_BASE_URL: ${JSON.stringify(v)} is not a URL like https://pay.example.com`);
  }
  const https = url.protocol === 'https:';
  if ((!https && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || v.includes('?') || v.includes('#')) {
    throw new ConfigError(`PAYRAIL_PUBLIC_BASE_URL: ${JSON.stringify(v)} must be an http(s) address with no credentials, query or fragment`);
  }
  if (mode === 'production' && !https) throw new ConfigError('PAYRAIL_PUBLIC_BASE_URL must be an https address in production');
  let prefix = url.pathname;
  while (prefix.endsWith('/')) prefix = prefix.slice(0, -1);
  return `${url.origin}${prefix}`;
}

/**
 * PAYRAIL_CARD_IFRAME_ANCESTORS: comma-separated origins (scheme://host[:port]) that may frame the card
 * iframe page. Anything else (a path, a wildcard, a quote) would widen or break the CSP, so it is refused.
 */
function parseFrameAncestors(v: string | undefined): string[] {
  if (v === undefined) return [];
  const origins = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const o of origins) {
    if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o)) {
      throw new ConfigError(`PAYRAIL_CARD_IFRAME_ANCESTORS: ${JSON.stringify(o)} is not an origin like https://shop.example.com`);
    }
  }
  return origins;
}
