import type { CeilingFigures } from './ceiling';
import type { CpuSplitFigures } from './cpu-ticks';
import { failures, type Figures } from './load';
import { isWrite, type GoalOf, type ScenarioKind } from './scenarios';

/** Issue 7's goals, as the bench checks them. */
export const GOALS = {
  writeOfCeiling: 0.2,
  writeP99AtHalfMs: 50,
  hotWalletDebitsPerSecond: 1000,
  graphqlOfBaseline: 0.5,
  rssMb: 250,
} as const;

/** The goals of the scenarios later issues added (scenarios.ts GoalOf). */
export const LATER_GOALS = {
  /** Issues 8 and 9: payrail's throughput ÷ the baseline's. */
  ofBaseline: 0.5,
  /** Issue 9: p99 at half of the maximum load. */
  cardP99AtHalfMs: 50,
} as const;

export interface ScenarioResult {
  name: string;
  kind: ScenarioKind;
  /** Unset: issue 7's goal for its kind. */
  goalOf?: GoalOf;
  connections: number;
  payrail: Figures;
  baseline: Figures;
  /** The fixed-rate run at half of payrail's max (write and hot scenarios). */
  halfLoad?: { rate: number; figures: Figures };
  /** Peak VmRSS of the payrail process over this scenario's runs. */
  rssMb: number;
  /** Where the machine's CPU went during payrail's run at full load. */
  cpu?: CpuSplitFigures;
}

export interface Ceiling {
  before: CeilingFigures;
  after?: CeilingFigures;
}

/** The mean of the runs before and after the scenarios (the one run when there is no second). */
export const ceilingTps = (c: Ceiling): number => (c.after ? (c.before.tps + c.after.tps) / 2 : c.before.tps);

const pad = (s: string | number, n: number) => String(s).padStart(n);
const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const NAME = 20;

export function ceilingLine(label: string, c: CeilingFigures, connections: number, seconds: number): string {
  return `ceiling ${label.padEnd(6)} pgbench tpcb-like, scale 1, ${connections} connections, ${seconds} s: ` +
    `${fixed(c.tps)} tps, p50 ${fixed(c.p50, 1)} ms, p99 ${fixed(c.p99, 1)} ms (${c.transactions} transactions, ${c.errors} errors)`;
}

export const TABLE_HEADER =
  `${'scenario'.padEnd(NAME)} ${pad('payrail req/s', 13)} ${pad('p50', 5)} ${pad('p99', 5)} | ${pad('baseline req/s', 14)} ${pad('p50', 5)} ${pad('p99', 5)} | ` +
  `${pad('÷ base', 6)} ${pad('÷ ceil', 6)} | ${pad('RSS MB', 6)}`;

/** One scenario's row, plus its fixed-rate line; `ceiling` unknown yet gives '…' in that column. */
export function scenarioLines(r: ScenarioResult, ceiling: number | undefined): string[] {
  const p = r.payrail;
  const b = r.baseline;
  const ofCeiling = !isWrite(r) ? '' : ceiling === undefined ? '…' : fixed(p.rps / ceiling, 2);
  const lines = [
    `${r.name.padEnd(NAME)} ${pad(fixed(p.rps), 13)} ${pad(p.p50, 5)} ${pad(p.p99, 5)} | ${pad(fixed(b.rps), 14)} ${pad(b.p50, 5)} ${pad(b.p99, 5)} | ` +
      `${pad(fixed(p.rps / b.rps, 2), 6)} ${pad(ofCeiling, 6)} | ${pad(fixed(r.rssMb), 6)}`,
  ];
  if (r.halfLoad) {
    const h = r.halfLoad.figures;
    lines.push(`${''.padEnd(NAME)}   at half load (${fixed(r.halfLoad.rate)} req/s asked): ${fixed(h.rps)} req/s, p50 ${h.p50} ms, p99 ${h.p99} ms`);
  }
  if (r.kind === 'hot') lines.push(`${''.padEnd(NAME)}   ${fixed(p.okPerSecond)} debits/s of one wallet from ${r.connections} connections`);
  if (r.cpu && isWrite(r)) lines.push(`${''.padEnd(NAME)}   ${cpuLine(r.cpu)}`);
  return lines;
}

/** CPU per request at full load, by process, and how busy the whole machine was. */
export const cpuLine = (c: CpuSplitFigures): string =>
  `CPU per request: server ${fixed(c.server, 2)} ms, PostgreSQL ${c.postgres === undefined ? '-' : fixed(c.postgres, 2)} ms, ` +
  `load generator ${fixed(c.loadGenerator, 2)} ms${c.sidecars.map((x) => `, ${x.label} ${fixed(x.ms, 2)} ms`).join('')}; ` +
  `all CPUs ${fixed(100 * c.machineBusy)} % busy`;

export function failureLine(r: ScenarioResult): string {
  const f = (x: Figures) => {
    const parts = [
      ...Object.entries(x.non2xxByStatus).map(([status, n]) => `${n}× ${status}`),
      ...(x.errors > 0 ? [`${x.errors} connection errors`] : []),
      ...(x.badBodies > 0 ? [`${x.badBodies} GraphQL errors`] : []),
    ];
    return `${failures(x)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  };
  return `${r.name.padEnd(NAME)} payrail ${f(r.payrail)}${r.halfLoad ? `, at half load ${f(r.halfLoad.figures)}` : ''}, baseline ${f(r.baseline)}`;
}

const mark = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The decision endpoint's scenario measures what the call to the customer adds to this one's answers. */
const PLAIN_AUTHORIZATION = 'card authorization, many cards';

/** Each scenario's goal, met or not (issue 7's, or the issue's that added it), for the scenarios that ran. */
export function goalLines(results: ScenarioResult[], ceiling: number): string[] {
  const out: string[] = [];
  const line = (r: ScenarioResult, goal: string, value: string, met?: boolean) =>
    out.push(`${r.name.padEnd(NAME)} ${goal}: ${value}${met === undefined ? '' : ` ${mark(met)}`}`);
  for (const r of results) {
    const ofBaseline = r.payrail.rps / r.baseline.rps;
    const p99 = r.halfLoad?.figures.p99;
    if (r.goalOf === 'issue 8') {
      line(r, `≥ ${LATER_GOALS.ofBaseline} of baseline (issue 8)`, fixed(ofBaseline, 2), ofBaseline >= LATER_GOALS.ofBaseline);
    } else if (r.goalOf === 'issue 9') {
      line(r, `≥ ${LATER_GOALS.ofBaseline} of baseline (issue 9)`, fixed(ofBaseline, 2), ofBaseline >= LATER_GOALS.ofBaseline);
      line(r, `p99 < ${LATER_GOALS.cardP99AtHalfMs} ms at half load (issue 9)`, `${p99 ?? '-'} ms`, p99 !== undefined && p99 < LATER_GOALS.cardP99AtHalfMs);
    } else if (r.goalOf === 'issue 11') {
      const plain = results.find((x) => x.name === PLAIN_AUTHORIZATION);
      const added = (f: (x: ScenarioResult) => number) => {
        const ms = plain ? f(r) - f(plain) : NaN;
        return Number.isFinite(ms) ? `${ms < 0 ? '' : '+'}${fixed(ms)} ms` : '-';
      };
      line(r, `latency added over "${PLAIN_AUTHORIZATION}" (issue 11, reported)`,
        `p50 ${added((x) => x.payrail.p50)}, p99 ${added((x) => x.payrail.p99)}; at half load p50 ${added((x) => x.halfLoad?.figures.p50 ?? NaN)}, p99 ${added((x) => x.halfLoad?.figures.p99 ?? NaN)}`);
    } else if (r.kind === 'write') {
      const ratio = r.payrail.rps / ceiling;
      line(r, `≥ ${GOALS.writeOfCeiling} of ceiling`, fixed(ratio, 2), ratio >= GOALS.writeOfCeiling);
      line(r, `p99 < ${GOALS.writeP99AtHalfMs} ms at half load`, `${p99 ?? '-'} ms`, p99 !== undefined && p99 < GOALS.writeP99AtHalfMs);
    } else if (r.kind === 'hot') {
      const debits = r.payrail.okPerSecond;
      line(r, `≥ ${GOALS.hotWalletDebitsPerSecond.toLocaleString('en')} debits/s`, `${fixed(debits)}/s`, debits >= GOALS.hotWalletDebitsPerSecond);
    } else if (r.kind === 'graphql') {
      line(r, `≥ ${GOALS.graphqlOfBaseline} of baseline`, fixed(ofBaseline, 2), ofBaseline >= GOALS.graphqlOfBaseline);
    }
  }
  if (results.length > 0) {
    const top = results.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
    out.push(`${'peak RSS'.padEnd(NAME)} < ${GOALS.rssMb} MB in every scenario: ${fixed(top.rssMb)} MB (${top.name}) ${mark(top.rssMb < GOALS.rssMb)}`);
  }
  return out;
}

/** A warning line per scenario whose payrail process went over the RSS goal. */
export const rssWarnings = (results: ScenarioResult[]): string[] =>
  results.filter((r) => r.rssMb >= GOALS.rssMb).map((r) => `WARNING: payrail peak RSS ${fixed(r.rssMb)} MB under "${r.name}" (goal < ${GOALS.rssMb} MB)`);
