import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './runtime/startup-error';

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
  /** Keep API-key look-ups in memory, cleared on every change (docs/decisions.md, "Auth look-up cache"). */
  authCache: boolean;
  /** HS256 signing secret for access tokens (base64, >= 32 bytes); generated into dataDir when unset. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** Card data root keys, `<id>:<base64 32 bytes>` newest first; generated into dataDir when unset. */
  cardDataKeys: string | undefined;
  /** Trust X-Forwarded-For for the caller address (only behind a proxy you control). */
  trustProxy: boolean;
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
  /** CSP frame-ancestors sources of the card iframe page: 'self' plus these origins. */
  cardIframeAncestors: string[];
  /** Files (AF6, AF7): per-account quotas, link lifetime, and where the bytes live. */
  files: FilesConfig;
  /** sandbox (default: local development and tests) or production. */
  mode: 'sandbox' | 'production';
  /** Calls to customers' servers (webhooks, authorization decisions): which addresses they may reach. */
  outbound: { allowPrivate: boolean };
  /** Authorization decisions: how long payrail waits for a customer's answer before its timeout strategy applies. */
  authDecisionTimeoutMs: number;
  /** Webhook deliveries (issue 11, docs/webhooks.md). */
  webhooks: { timeoutMs: number; concurrency: number; disableAfter: number };
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
  PAYRAIL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(1800),
  PAYRAIL_TRUST_PROXY: bool.default(false),
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
  // Secure card details (issue 9): per-card reveals allowed in a window, and who may frame the card iframe.
  PAYRAIL_CARD_SECRET_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  PAYRAIL_CARD_SECRET_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  PAYRAIL_CARD_IFRAME_ANCESTORS: z.string().optional(),
  // Files (issue 10): quotas per account, download link lifetime, the store and its S3 settings.
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
  // Outbound calls (issue 11): production refuses private, loopback and link-local addresses unless told.
  PAYRAIL_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  PAYRAIL_OUTBOUND_ALLOW_PRIVATE: bool.optional(),
  // Authorization decisions (issue 11): the customer's budget, 5 s as the provider's.
  PAYRAIL_AUTH_DECISION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  // Webhooks (issue 11): each attempt's deadline, attempts in flight per worker, FAILED deliveries before disabling.
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
  if (e.PAYRAIL_FILE_STORE === 's3' && e.PAYRAIL_S3_BUCKET === undefined) {
    throw new ConfigError('PAYRAIL_FILE_STORE=s3 needs PAYRAIL_S3_BUCKET');
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
    trustProxy: e.PAYRAIL_TRUST_PROXY,
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
    outbound: { allowPrivate: e.PAYRAIL_OUTBOUND_ALLOW_PRIVATE ?? e.PAYRAIL_MODE === 'sandbox' },
    authDecisionTimeoutMs: e.PAYRAIL_AUTH_DECISION_TIMEOUT_MS,
    webhooks: { timeoutMs: e.PAYRAIL_WEBHOOK_TIMEOUT_MS, concurrency: e.PAYRAIL_WEBHOOK_CONCURRENCY, disableAfter: e.PAYRAIL_WEBHOOK_DISABLE_AFTER },
  };
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
