import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit, RateLimitsConfig } from '../../config';

/**
 * The request rate limits both doors apply, on @fastify/rate-limit's counters (fixed windows in an
 * LRU of this process's memory). Each check counts one request and throws the error `exceeded`
 * makes (the composition root passes the 429 DomainError, `platformErrors.tooManyRequests`, with
 * Retry-After) once its budget is spent:
 *  - a token exchange, by the caller's address before anything is read, then by the client_id it
 *    names before the key is looked up (every attempt counts, so guessing one client's api_key is
 *    slowed whichever addresses it comes from);
 *  - every authenticated call, by the API key, after authentication: a forged or foreign token
 *    cannot spend another key's budget.
 * Per process, not shared: a shared counter would be a database write on every request, and what
 * these limits stop (guessing, runaway clients) is stopped per process as well; the budget that must
 * hold exactly across processes, card reveals per key, is counted in the database
 * (domain/card-secure/access.ts). docs/security.md gives the defaults and the reasoning.
 */
export interface RateLimits {
  tokenExchangeByIp(req: FastifyRequest): Promise<void>;
  tokenExchangeByClient(req: FastifyRequest, clientId: string): Promise<void>;
  callByKey(req: FastifyRequest, clientId: string): Promise<void>;
}

/** The subject a keyed check counts: set on the request just before the check reads it. */
const SUBJECT = Symbol('payrail.rateLimitSubject');
type WithSubject = FastifyRequest & { [SUBJECT]?: string };

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

type Check = (req: FastifyRequest, subject?: string) => Promise<void>;

/** The error a spent budget throws, told how many seconds until the window lets the next request in. */
export type RateLimitExceeded = (retryAfterSeconds: number) => Error;

/** Registers the library (no route limited by itself: global false) and decorates the app with the checks. */
export async function installRateLimits(app: FastifyInstance, config: RateLimitsConfig, exceeded: RateLimitExceeded): Promise<RateLimits> {
  await app.register(fastifyRateLimit, { global: false });
  const bySubject = (req: FastifyRequest): string => (req as WithSubject)[SUBJECT] ?? '';

  const limiter = (limit: RateLimit, keyed: boolean): Check => {
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      // Without a keyGenerator the library keys by req.ip (an IPv6 caller by its /64).
      ...(keyed ? { keyGenerator: bySubject } : {}),
    });
    return async (req, subject) => {
      if (subject !== undefined) (req as WithSubject)[SUBJECT] = subject;
      const verdict = await check(req);
      if (!verdict.isAllowed && verdict.isExceeded) throw exceeded(Math.max(1, verdict.ttlInSeconds));
    };
  };

  const byIp = limiter(config.tokenPerIp, false);
  const byClient = limiter(config.tokenPerClient, true);
  const byKey = limiter(config.callsPerKey, true);
  const limits: RateLimits = {
    tokenExchangeByIp: (req) => byIp(req),
    tokenExchangeByClient: (req, clientId) => byClient(req, clientId),
    callByKey: (req, clientId) => byKey(req, clientId),
  };
  app.decorate('rateLimits', limits);
  return limits;
}
