import fs from 'node:fs';
import v8 from 'node:v8';

/**
 * What a process's resident memory is made of, sampled from inside it: preload it into the payrail
 * server with `BENCH_NODE_ARGS='-r ./dist/bench/memory-probe.js' PAYRAIL_MEMORY_PROBE=/tmp/mem.jsonl
 * npm run bench` (docs/performance.md, "RSS breakdown"), then summarise the file with
 * `node dist/bench/memory-report.js /tmp/mem.jsonl`. Every 100 ms one JSON line: process.memoryUsage(),
 * V8's heap spaces (committed and used), V8's malloced memory and /proc/self/smaps_rollup; whenever the
 * RSS passes its previous peak by 2 MB, and every 5 s, also /proc/self/smaps summed by kind of mapping.
 * Diagnostics only: the server never loads it on its own.
 */
const out = process.env.PAYRAIL_MEMORY_PROBE;
const MB = 1024 * 1024;

/** kB fields of an smaps/smaps_rollup text, summed by name. */
function smapsFields(text: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const m of text.matchAll(/^(\w+):\s+(\d+) kB$/gm)) fields[m[1]!] = (fields[m[1]!] ?? 0) + Number(m[2]) / 1024;
  return fields;
}

/**
 * Resident MB of /proc/self/smaps by kind: the file a mapping comes from (node binary, shared
 * libraries, other files) or, for anonymous memory, brk heap, executable (JIT and wasm code),
 * and the rest split by size: V8 reserves its heap in 256 KiB-aligned pages and glibc's
 * per-thread malloc arenas in 64 MiB reservations, so a 64 MiB mapping is counted as an arena.
 */
function smapsByKind(): Record<string, number> {
  const text = fs.readFileSync('/proc/self/smaps', 'utf8');
  const kinds: Record<string, number> = {};
  const blocks = text.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  for (const block of blocks) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+[ \t]*(.*)$/m.exec(block);
    const rss = /^Rss:\s+(\d+) kB/m.exec(block);
    if (!header || !rss) continue;
    const size = parseInt(header[2]!, 16) - parseInt(header[1]!, 16);
    const perms = header[3]!;
    const name = header[4]!.trim();
    let kind: string;
    if (name === '[heap]') kind = 'anon: brk heap (main malloc arena)';
    else if (name.startsWith('[')) kind = `special ${name}`;
    else if (name.endsWith('/node') || name.endsWith('/nodejs')) kind = `file: node binary (${perms})`;
    else if (name.includes('.so')) kind = 'file: shared libraries';
    else if (name !== '') kind = `file: ${name.includes('node_modules') ? 'node_modules files' : name}`;
    else if (perms.includes('x')) kind = 'anon: executable (JIT, wasm code)';
    else if (size === 64 * MB || size === 128 * MB) kind = 'anon: 64 MiB reservations (malloc arenas)';
    else kind = 'anon: other (V8 heap pages, mmap-ed malloc blocks, thread stacks)';
    kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return kinds;
}

function sample(withSmaps: boolean): Record<string, unknown> {
  const usage = process.memoryUsage();
  const spaces: Record<string, { committed: number; used: number }> = {};
  for (const s of v8.getHeapSpaceStatistics()) {
    spaces[s.space_name] = { committed: s.physical_space_size / MB, used: s.space_used_size / MB };
  }
  const heap = v8.getHeapStatistics();
  return {
    t: Date.now(),
    rss: usage.rss / MB,
    heapTotal: usage.heapTotal / MB,
    heapUsed: usage.heapUsed / MB,
    external: usage.external / MB,
    arrayBuffers: usage.arrayBuffers / MB,
    malloced: heap.malloced_memory / MB,
    peakMalloced: heap.peak_malloced_memory / MB,
    spaces,
    rollup: smapsFields(fs.readFileSync('/proc/self/smaps_rollup', 'utf8')),
    ...(withSmaps ? { smaps: smapsByKind() } : {}),
  };
}

if (out) {
  let peak = 0;
  let lastFull = 0;
  const fd = fs.openSync(out, 'w');
  const timer = setInterval(() => {
    const rss = process.memoryUsage.rss() / MB;
    const full = rss > peak + 2 || Date.now() - lastFull >= 5000;
    if (rss > peak) peak = rss;
    if (full) lastFull = Date.now();
    fs.writeSync(fd, `${JSON.stringify(sample(full))}\n`);
  }, 100);
  timer.unref();
}
