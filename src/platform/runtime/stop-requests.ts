/** How often the parent is checked; a stopped `npm start` is noticed within this time. */
const PARENT_POLL_MS = 500;
/** A repeat of the signal within this time is the same request (npm forwards what the terminal sent). */
const DUPLICATE_WINDOW_MS = 1_000;

export interface StopRequestOptions {
  /**
   * Also stop when the parent process goes away. On by default under an npm script: when npm itself
   * is killed (SIGKILL, OOM) it cannot forward a signal, and the server must not outlive it.
   */
  watchParent?: boolean;
  /** Called when a second signal arrives while stopping: the operator insists. */
  onForce?: (signal: string) => void;
  /**
   * npm forwards the signals it gets to this process (on by default under an npm script): a Ctrl-C
   * then arrives twice, from the terminal and from npm, and npm's copy can come late on a busy
   * machine. The first repeat of the first signal is taken as that copy, however late.
   */
  npmForwards?: boolean;
  /** A repeat within this time is the same request (default 1 s). */
  duplicateWindowMs?: number;
}

/**
 * Calls `stop(reason)` once, on SIGTERM, SIGINT or (see watchParent) the parent's exit. A Ctrl-C
 * under `npm start` reaches the server twice (from the terminal and forwarded by npm): npm's copy
 * (see npmForwards) and repeats within a second are one request; a later repeat calls onForce.
 */
export function onStopRequest(stop: (reason: string) => void, opts: StopRequestOptions = {}): void {
  const underNpm = process.env.npm_lifecycle_event !== undefined;
  const windowMs = opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS;
  let first: { reason: string; at: number } | undefined;
  let npmCopyAwaited = opts.npmForwards ?? underNpm;
  const request = (reason: string, isSignal: boolean) => {
    if (first === undefined) {
      first = { reason, at: Date.now() };
      stop(reason);
      return;
    }
    if (!isSignal) return;
    if (npmCopyAwaited && reason === first.reason) {
      npmCopyAwaited = false;
      return;
    }
    if (Date.now() - first.at >= windowMs) opts.onForce?.(reason);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => request(signal, true));

  if (opts.watchParent ?? underNpm) {
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(timer);
      request(`parent process ${parent} exited`, false);
    }, PARENT_POLL_MS);
    timer.unref();
  }
}
