import fs from 'node:fs';
import v8 from 'node:v8';
import { smapsByKind, smapsFields } from './memory-smaps';

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
    ...(withSmaps ? { smaps: smapsByKind(fs.readFileSync('/proc/self/smaps', 'utf8')) } : {}),
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
