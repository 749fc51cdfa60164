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
}

/**
 * Calls `stop(reason)` once, on SIGTERM, SIGINT or (see watchParent) the parent's exit. A Ctrl-C
 * under `npm start` reaches the server twice (from the terminal and forwarded by npm): repeats
 * within a second are one request; a later repeat calls onForce.
 */
export function onStopRequest(stop: (reason: string) => void, opts: StopRequestOptions = {}): void {
  let firstAt: number | undefined;
  const request = (reason: string, isSignal: boolean) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      stop(reason);
    } else if (isSignal && Date.now() - firstAt > DUPLICATE_WINDOW_MS) {
      opts.onForce?.(reason);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => request(signal, true));

  if (opts.watchParent ?? process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(timer);
      request(`parent process ${parent} exited`, false);
    }, PARENT_POLL_MS);
    timer.unref();
  }
}
