import { gcTotals, summarise, type Sample } from '../../bench/memory-report';
import { smapsByKind, smapsFields } from '../../bench/memory-smaps';

// Mappings as Linux prints them in /proc/<pid>/smaps (fields trimmed to the ones read).
const mapping = (start: number, sizeKb: number, perms: string, name: string, rssKb: number): string => {
  const hex = (n: number) => n.toString(16).padStart(12, '0');
  const end = start + sizeKb * 1024;
  return `${hex(start)}-${hex(end)} ${perms} 00000000 00:00 0${name ? `                          ${name}` : ''}\nSize:           ${sizeKb} kB\nRss:            ${rssKb} kB\nAnonymous:      0 kB\n`;
};

describe('the memory probe (docs/performance/rss.md, RSS breakdown)', () => {
  it('sums the resident memory of /proc/<pid>/smaps by kind of mapping', () => {
    const text = [
      mapping(0x400000, 40960, 'r-xp', '/usr/bin/node', 20480),
      mapping(0x3000000, 40960, 'r--p', '/usr/bin/node', 10240),
      mapping(0x6000000, 8192, 'rw-p', '[heap]', 4096),
      mapping(0x10000000, 4096, 'rw-p', '', 3072), // a glibc malloc arena: 64 MiB reserved, 4 MiB usable so far
      mapping(0x10400000, 61440, '---p', '', 0),
      mapping(0x18000000, 2048, 'rw-p', '', 2048), // a wasm memory and its guard region
      mapping(0x18200000, 10 * 1024 * 1024, '---p', '', 0),
      mapping(0x20000000, 256, 'rw-p', '', 256), // a V8 heap page
      mapping(0x20040000, 512, 'rw-p', '', 512),
      mapping(0x30000000, 4096, 'rwxp', '', 1024), // JIT / wasm code
      mapping(0x40000000, 2048, 'r-xp', '/usr/lib/x86_64-linux-gnu/libc.so.6', 1024),
      mapping(0x50000000, 100, 'r--p', '/srv/payrail/node_modules/x/y.node', 100),
      mapping(0x7ff000000000, 132, 'rw-p', '[stack]', 64),
    ].join('');
    expect(smapsByKind(text)).toEqual({
      'file: node binary (r-xp)': 20,
      'file: node binary (r--p)': 10,
      'anon: brk heap (main malloc arena)': 4,
      'anon: malloc arenas of other threads': 3,
      'anon: WebAssembly memory': 2,
      'anon: other (V8 heap pages, large malloc blocks, thread stacks)': 0.75,
      'anon: executable (JIT, wasm code)': 1,
      'file: shared libraries': 1,
      'file: node_modules files': 100 / 1024,
      'special [stack]': 64 / 1024,
    });
  });

  it('reads smaps_rollup fields in MB', () => {
    expect(smapsFields('00400000-7fff00000000 ---p 00000000 00:00 0   [rollup]\nRss:              204800 kB\nAnonymous:        153600 kB\n')).toEqual({
      Rss: 200,
      Anonymous: 150,
    });
  });

  it('reports the peak sample with its heap spaces, and the smaps breakdown nearest to it', () => {
    const sample = (t: number, rss: number, old: number, smaps?: Record<string, number>): Sample => ({
      t, rss, heapTotal: old + 32, heapUsed: old, external: 8, arrayBuffers: 2, malloced: 1,
      spaces: { new_space: { committed: 32, used: 10 }, old_space: { committed: old, used: old } },
      rollup: { Rss: rss, Anonymous: rss - 45 },
      ...(smaps ? { smaps } : {}),
    });
    const lines = summarise([
      sample(0, 120, 40, { 'anon: other': 70 }),
      sample(1000, 240, 150),
      sample(6000, 180, 80, { 'anon: other': 130 }),
    ]);
    expect(lines).toContain('smaps by kind, nearest the peak (0.0 s, rss 120 MB):');
    const peak = lines.find((l) => l.startsWith('peak:'))!;
    expect(peak).toMatch(/^peak:\s+1s rss  240 \| anon  195 file   45 \| heap  182 .* old  150 /);
    // one line per 5 s window
    expect(lines.filter((l) => /^\s+\d+s rss/.test(l))).toHaveLength(2);
  });

  it('adds up the garbage collections the samples saw, and the longest pause', () => {
    const pauses = (count: number, ms: number, maxMs: number) => ({ count, ms, maxMs });
    const sample = (t: number, major: [number, number, number], minor: [number, number, number]): Sample => ({
      t, rss: 100, heapTotal: 50, heapUsed: 40, external: 1, arrayBuffers: 0, malloced: 1, spaces: {}, rollup: {},
      gc: { major: pauses(...major), minor: pauses(...minor) },
    });
    expect(gcTotals([sample(0, [1, 12, 12], [10, 20, 4]), sample(100, [0, 0, 0], [5, 9, 6]), sample(200, [2, 30, 25], [0, 0, 0])])).toEqual({
      major: { count: 3, ms: 42, maxMs: 25 },
      minor: { count: 15, ms: 29, maxMs: 6 },
    });
  });
});
