/** Every time read in payrail goes through a Clock, so tests and sandbox test clocks can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: tests and sandbox test clocks. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(seconds: number): Date {
    this.current += seconds * 1000;
    return this.now();
  }

  set(to: Date | string): Date {
    this.current = new Date(to).getTime();
    return this.now();
  }
}
