import fs from 'node:fs';

/**
 * `node dist/bench/memory-report.js <file.jsonl>`: summarises what bench/memory-probe.ts wrote. Prints
 * one line per 5 s window (peak RSS and, at that moment, V8's spaces, external, malloced memory and
 * smaps_rollup's anonymous/file split), then the smaps breakdown by kind nearest to the peak and at
 * the first sample (start-up).
 */
export interface GcPauses {
  count: number;
  ms: number;
  maxMs: number;
}

export interface Sample {
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  malloced: number;
  spaces: Record<string, { committed: number; used: number }>;
  gc?: { minor: GcPauses; major: GcPauses };
  rollup: Record<string, number>;
  smaps?: Record<string, number>;
}

const f = (n: number | undefined): string => (n ?? 0).toFixed(0).padStart(4);

function line(s: Sample, t0: number): string {
  const sp = (name: string) => s.spaces[name] ?? { committed: 0, used: 0 };
  return (
    `${((s.t - t0) / 1000).toFixed(0).padStart(4)}s rss ${f(s.rss)} | anon ${f(s.rollup.Anonymous)} file ${f((s.rollup.Rss ?? 0) - (s.rollup.Anonymous ?? 0))}` +
    ` | heap ${f(s.heapTotal)} (used ${f(s.heapUsed)}): new ${f(sp('new_space').committed)} old ${f(sp('old_space').committed)}` +
    ` code ${f(sp('code_space').committed)} lo ${f(sp('large_object_space').committed)} | external ${f(s.external)} (ab ${f(s.arrayBuffers)})` +
    ` malloced ${f(s.malloced)} | outside V8 heap ${f((s.rollup.Anonymous ?? 0) - s.heapTotal)}`
  );
}

/** Garbage collections over samples: count and longest pause of full GCs and of scavenges. */
export function gcTotals(samples: Sample[]): { minor: GcPauses; major: GcPauses } {
  const totals = { minor: { count: 0, ms: 0, maxMs: 0 }, major: { count: 0, ms: 0, maxMs: 0 } };
  for (const s of samples) {
    for (const kind of ['minor', 'major'] as const) {
      const p = s.gc?.[kind];
      if (!p) continue;
      totals[kind].count += p.count;
      totals[kind].ms += p.ms;
      totals[kind].maxMs = Math.max(totals[kind].maxMs, p.maxMs);
    }
  }
  return totals;
}

function gcLine(samples: Sample[]): string {
  const { minor, major } = gcTotals(samples);
  return `full GC ${major.count} (${major.ms.toFixed(0)} ms, max ${major.maxMs.toFixed(0)}) scavenge ${minor.count} (${minor.ms.toFixed(0)} ms, max ${minor.maxMs.toFixed(0)})`;
}

/** The report's lines for a probe's samples (in time order). */
export function summarise(samples: Sample[]): string[] {
  if (samples.length === 0) return ['no samples'];
  const lines: string[] = [];
  const t0 = samples[0]!.t;
  lines.push("MB; one line per 5 s window, at the window's peak RSS");
  for (let start = t0; start <= samples[samples.length - 1]!.t; start += 5000) {
    const win = samples.filter((s) => s.t >= start && s.t < start + 5000);
    if (win.length > 0) lines.push(`${line(win.reduce((a, b) => (b.rss > a.rss ? b : a)), t0)} | ${gcLine(win)}`);
  }
  const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
  const withSmaps = samples.filter((s) => s.smaps);
  if (withSmaps.length > 0) {
    const nearPeak = withSmaps.reduce((a, b) => (Math.abs(b.t - peak.t) < Math.abs(a.t - peak.t) ? b : a));
    for (const [label, s] of [['first sample', withSmaps[0]!], ['nearest the peak', nearPeak]] as const) {
      lines.push('', `smaps by kind, ${label} (${((s.t - t0) / 1000).toFixed(1)} s, rss ${s.rss.toFixed(0)} MB):`);
      for (const [kind, mb] of Object.entries(s.smaps!).sort((a, b) => b[1] - a[1])) {
        if (mb >= 0.5) lines.push(`  ${mb.toFixed(1).padStart(6)}  ${kind}`);
      }
    }
  }
  lines.push('', `peak: ${line(peak, t0)}`, `all samples: ${gcLine(samples)}`);
  return lines;
}

if (require.main === module) {
  const file = process.argv[2] ?? '';
  const samples = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sample);
  for (const l of summarise(samples)) console.log(l);
}
