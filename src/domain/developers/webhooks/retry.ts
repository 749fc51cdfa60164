/**
 * The retry schedule (docs/webhooks.md), on the tree's clock. After the n-th failed attempt the next
 * one waits 10 s x 6^(n-1) — 10 s, 1 min, 6 min, 36 min, 3.6 h — capped at 12 h, each times a jitter
 * in [0.8, 1.2] so that many deliveries failing together do not come back together. Attempts stop
 * once the next one would fall later than 3 days after the first: the delivery is then FAILED.
 */
export const FIRST_RETRY_MS = 10_000;
export const RETRY_FACTOR = 6;
export const MAX_RETRY_MS = 12 * 3600_000;
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
export const JITTER_MIN = 0.8;
export const JITTER_MAX = 1.2;

/** The wait after the `failedAttempts`-th failed attempt (1-based); `random` in [0, 1). */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * RETRY_FACTOR ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
  return Math.round(base * (JITTER_MIN + (JITTER_MAX - JITTER_MIN) * random()));
}

/** When to try next after a failure at `at`, or null when the window is spent (the delivery FAILED). */
export function nextAttemptAfter(failedAttempts: number, at: Date, firstAttemptAt: Date, random: () => number = Math.random): Date | null {
  const next = new Date(at.getTime() + retryDelayMs(failedAttempts, random));
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
