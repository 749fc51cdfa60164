import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { atTime } from '../platform/clock/clock';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, TOKEN_EXPIRED_REASON } from '../platform/live/close-codes';
import type { Principal, RequestContext } from '../platform/context';
import { isDomainError } from '../platform/errors/domain-error';
import type { AppServices } from '../services';
import { actingContext, authenticateCaller, type CallerCredentials } from './context';

export { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../platform/live/close-codes';

/** A WebSocket close reason is at most 123 bytes (ws throws beyond): domain messages are cut to fit. */
export const closeReason = (text: string): string => {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= 123 ? text : bytes.subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '') + '…';
};

type Verdict = { granted: RequestContext; expiresAt: Date } | { code: number; reason: string };

interface Grant {
  creds: CallerCredentials;
  context: RequestContext;
  cancelExpiry: () => void;
}

/**
 * Who may hold each live socket, checked on every use rather than once: a socket signs in as an HTTP
 * call does (the token, the key and its IP allow-list, the account's status, then x-on-behalf-of),
 * closes when its token expires (on the process clock, so a test moves time instead of waiting),
 * and signs in again, with what it first presented, at every change to keys, accounts, access
 * profiles or test clocks: the key cache's invalidations (the payrail_auth notification from any
 * process, this process's own writers, and each reconnect of that LISTEN session, which may have
 * missed a change). A socket that is no longer allowed is closed with 4401 or 4403, as a refused
 * sign-in is; a check that cannot reach the database keeps the socket, and the reconnect's
 * invalidation checks it again.
 */
export class LiveAccess {
  private readonly grants = new Map<WebSocket, Grant>();
  /** Invalidations heard so far: a sign-in that overlapped one is checked once more. */
  private changes = 0;
  private unwatch: (() => void) | undefined;
  private round: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly services: AppServices,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** connection_init: signs the socket in, or closes it saying why. Unexpected failures throw. */
  async signIn(socket: WebSocket, creds: CallerCredentials): Promise<boolean> {
    this.unwatch ??= this.services.db.keyRecords.onChange(() => this.changed());
    const seen = this.changes;
    const verdict = await this.check(creds);
    if (!('granted' in verdict)) {
      socket.close(verdict.code, verdict.reason);
      return false;
    }
    // The client may have gone while the sign-in read: nothing to hold (its close event has passed).
    if (socket.readyState !== socket.OPEN) return false;
    this.grants.set(socket, {
      creds,
      context: verdict.granted,
      cancelExpiry: atTime(this.services.clock, verdict.expiresAt, () => this.revoke(socket, CLOSE_UNAUTHORIZED, TOKEN_EXPIRED_REASON)),
    });
    socket.once('close', () => this.forget(socket));
    // What this sign-in read may predate a change heard meanwhile.
    if (this.changes !== seen) void this.recheck(socket);
    return true;
  }

  /** The context a signed-in socket's subscriptions run with. */
  contextOf(socket: WebSocket): RequestContext | undefined {
    return this.grants.get(socket)?.context;
  }

  /** Stops watching: the app is closing and closes every socket itself. */
  close(): void {
    this.unwatch?.();
    for (const socket of [...this.grants.keys()]) this.forget(socket);
  }

  /** The two steps of a sign-in, split so that 4401 (who you are) and 4403 (acting as whom) differ. */
  private async check(creds: CallerCredentials): Promise<Verdict> {
    let principal: Principal;
    try {
      principal = await authenticateCaller(this.services, creds);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return { code: CLOSE_UNAUTHORIZED, reason: closeReason(`Unauthorized: ${err.message}`) };
    }
    try {
      return { granted: await actingContext(this.services, principal, creds), expiresAt: principal.tokenExpiresAt };
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return { code: CLOSE_FORBIDDEN, reason: closeReason(`Forbidden: ${err.message}`) };
    }
  }

  /** An invalidation: check every socket again, one round at a time (changes during a round add one more). */
  private changed(): void {
    this.changes++;
    if (this.grants.size === 0) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = (async () => {
      do {
        this.again = false;
        for (const socket of [...this.grants.keys()]) await this.recheck(socket);
      } while (this.again);
    })().finally(() => (this.round = undefined));
  }

  private async recheck(socket: WebSocket): Promise<void> {
    const grant = this.grants.get(socket);
    if (!grant) return;
    let verdict: Verdict;
    try {
      verdict = await this.check(grant.creds);
    } catch (err) {
      this.log.warn({ err }, 'live events: could not check a subscriber again; keeping it until the next change');
      return;
    }
    if ('granted' in verdict) {
      if (this.grants.get(socket) === grant) grant.context = verdict.granted;
      return;
    }
    this.revoke(socket, verdict.code, verdict.reason);
  }

  private revoke(socket: WebSocket, code: number, reason: string): void {
    if (!this.grants.has(socket)) return;
    this.forget(socket);
    socket.close(code, reason);
  }

  private forget(socket: WebSocket): void {
    const grant = this.grants.get(socket);
    if (!grant) return;
    grant.cancelExpiry();
    this.grants.delete(socket);
  }
}
