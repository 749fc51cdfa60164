import fs from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import { smapsByKind, smapsFields } from './memory-smaps';

/**
 * What a process's resident memory is made of, sampled from inside it: preload it into the payrail
 * server with `BENCH_NODE_ARGS='-r ./dist/bench/memory-probe.js' PAYRAIL_MEMORY_PROBE=/tmp/mem.jsonl
 * npm run bench` (docs/performance/rss.md, "RSS breakdown"), then summarise the file with
 * `node dist/bench/memory-report.js /tmp/mem.jsonl`. Every 100 ms one JSON line: process.memoryUsage(),
 * V8's heap spaces (committed and used), V8's malloced memory and /proc/self/smaps_rollup; whenever the
 * RSS passes its previous peak by 2 MB, and every 5 s, also /proc/self/smaps summed by kind of mapping;
 * and the garbage collections since the previous sample (count and pause ms, scavenges and full GCs).
 * Diagnostics only: the server never loads it on its own.
 */
const out = process.env.PAYRAIL_MEMORY_PROBE;
const MB = 1024 * 1024;

interface Pauses {
  count: number;
  ms: number;
  maxMs: number;
}
const gcSince = { minor: { count: 0, ms: 0, maxMs: 0 }, major: { count: 0, ms: 0, maxMs: 0 } };

function takePauses(): { minor: Pauses; major: Pauses } {
  const taken = { minor: { ...gcSince.minor }, major: { ...gcSince.major } };
  for (const p of [gcSince.minor, gcSince.major]) Object.assign(p, { count: 0, ms: 0, maxMs: 0 });
  return taken;
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
    gc: takePauses(),
    rollup: smapsFields(fs.readFileSync('/proc/self/smaps_rollup', 'utf8')),
    ...(withSmaps ? { smaps: smapsByKind(fs.readFileSync('/proc/self/smaps', 'utf8')) } : {}),
  };
}

if (out) {
  let peak = 0;
  let lastFull = 0;
  const fd = fs.openSync(out, 'w');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const p = kind === constants.NODE_PERFORMANCE_GC_MAJOR ? gcSince.major : gcSince.minor;
      p.count += 1;
      p.ms += entry.duration;
      p.maxMs = Math.max(p.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const rss = process.memoryUsage.rss() / MB;
    const full = rss > peak + 2 || Date.now() - lastFull >= 5000;
    if (rss > peak) peak = rss;
    if (full) lastFull = Date.now();
    fs.writeSync(fd, `${JSON.stringify(sample(full))}\n`);
  }, 100);
  timer.unref();
}
