/** Every time read in payrail goes through a Clock, so tests and sandbox test clocks can move time. */
export interface Clock {
  now(): Date;
  /**
   * Tells `listener` each time the clock is moved by hand (a ManualClock); returns the unsubscribe.
   * Real time is never moved, so the system clock has none.
   */
  onMove?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: tests and sandbox test clocks. */
export class ManualClock implements Clock {
  private current: number;
  private readonly listeners = new Set<() => void>();

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(seconds: number): Date {
    this.current += seconds * 1000;
    return this.moved();
  }

  set(to: Date | string): Date {
    this.current = new Date(to).getTime();
    return this.moved();
  }

  onMove(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private moved(): Date {
    for (const listener of [...this.listeners]) listener();
    return this.now();
  }
}

/** setTimeout's longest delay (about 24.8 days); a later deadline is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `fn` once, when `clock` reaches `at`: a timer on real time, checked again whenever a manual
 * clock is moved, so a test drives the deadline by moving its clock rather than by waiting. Returns
 * the cancel. The timer does not keep the process alive.
 */
export function atTime(clock: Clock, at: Date, fn: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const cancel = (): void => {
    done = true;
    clearTimeout(timer);
    unsubscribe?.();
  };
  const check = (): void => {
    if (done) return;
    const left = at.getTime() - clock.now().getTime();
    if (left <= 0) {
      cancel();
      fn();
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  const unsubscribe = clock.onMove?.(check);
  check();
  return cancel;
}
