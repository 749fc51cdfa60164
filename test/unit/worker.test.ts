import pino from 'pino';
import { Worker, type Job } from '../../src/jobs/worker';
import { ManualClock } from '../../src/platform/clock/clock';
import type { ServiceDeps } from '../../src/platform/context';

describe('Worker', () => {
  it('runs each job at start and waits for a running job before stop() resolves', async () => {
    let release!: () => void;
    const finished: string[] = [];
    const job: Job = {
      name: 'slow',
      everyMs: 60_000,
      run: () => new Promise<void>((resolve) => (release = () => { finished.push('slow'); resolve(); })),
    };
    const worker = new Worker({ clock: new ManualClock() } as unknown as ServiceDeps, pino({ level: 'silent' }), [job]);
    worker.start();
    const stopped = worker.stop().then(() => finished.push('stopped'));
    await new Promise((r) => setImmediate(r));
    expect(finished).toEqual([]);
    release();
    await stopped;
    expect(finished).toEqual(['slow', 'stopped']);
  });

  it('logs a failing job and keeps going', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => lines.push(s) });
    const worker = new Worker({} as ServiceDeps, log, [{ name: 'bad', everyMs: 60_000, run: async () => { throw new Error('nope'); } }]);
    worker.start();
    await worker.stop();
    expect(lines.join('')).toMatch(/"job":"bad".*job failed/);
  });
});
