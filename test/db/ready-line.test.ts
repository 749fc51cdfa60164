import { readyLineWatcher } from '../../src/ops/postgres-server';

/**
 * The embedded PostgreSQL counts as started when its "ready to accept connections" line goes by.
 * After crash recovery the line comes in one burst with others, and on a loaded machine chunks
 * gather more lines: a line followed in its chunk by more output must still be seen, or a restart
 * after a crash times out although the server runs.
 */
const READY = 'LOG:  database system is ready to accept connections';

describe('the ready line of the embedded PostgreSQL', () => {
  it('is seen in a chunk that carries more lines after it', () => {
    const seen = readyLineWatcher();
    const after = Array.from({ length: 8 }, (_, i) => `2026-11-28 11:13:48.${100 + i} UTC [30844] LOG:  checkpoint starting: end-of-recovery immediate wait`).join('\n');
    expect(seen(`2026-11-28 11:13:48.000 UTC [30844] LOG:  redo done at 0/1E9C250\n${READY}\n${after}\n`)).toBe(true);
  });

  it('is seen when it arrives split across chunks', () => {
    const seen = readyLineWatcher();
    const cut = 20;
    expect(seen(`LOG:  redo done\n${READY.slice(0, cut)}`)).toBe(false);
    expect(seen(`${READY.slice(cut)}\nLOG:  more\n`)).toBe(true);
  });

  it('is not seen before it comes', () => {
    const seen = readyLineWatcher();
    expect(seen('LOG:  database system was interrupted; last known up at 2026-11-28\n')).toBe(false);
    expect(seen('LOG:  database system was not properly shut down; automatic recovery in progress\n')).toBe(false);
  });
});
