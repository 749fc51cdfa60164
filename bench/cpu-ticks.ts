import fs from 'node:fs';
import { readPostmasterPid } from '../src/ops/embedded-processes';

/**
 * CPU time of the bench's processes from Linux /proc, in clock ticks (USER_HZ, 100 per second): the
 * payrail server, PostgreSQL (the postmaster and its children) and the whole machine.
 */
export const TICK_MS = 10;

const statFields = (pid: number): string[] | undefined => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
};

/** utime + stime of one process. */
export const ownTicks = (pid: number): number => {
  const f = statFields(pid);
  return f ? Number(f[11]) + Number(f[12]) : 0;
};

/** Of ownTicks, the time in the kernel (socket sends on loopback run the receiver's side too). */
export const ownSysTicks = (pid: number): number => Number(statFields(pid)?.[12] ?? 0);

/**
 * The live children of a process (the postmaster's backends and background workers), found by their
 * parent pid in /proc: /proc/<pid>/task/<pid>/children is documented as unreliable while children
 * run, and a backend missed at a run's start but reaped before its end counted its whole life.
 */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statFields(Number(entry))?.[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** What a process's reaped children used (cutime + cstime); `kernelOnly`: cstime alone. */
export function exitedChildTicks(pid: number, kernelOnly = false): number {
  const f = statFields(pid);
  return f ? (kernelOnly ? 0 : Number(f[13])) + Number(f[14]) : 0;
}

/**
 * The postmaster, its live children, and the children that exited. A child reaped while the live ones
 * are read would be in neither sum (and, if it lived long, its whole life would count in the next
 * reading): the reading is taken again until no child was reaped during it.
 */
export function postgresTicks(postmaster: number, kernelOnly = false): number {
  const ticks = kernelOnly ? ownSysTicks : ownTicks;
  let total = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const exited = exitedChildTicks(postmaster, kernelOnly);
    const live = childPids(postmaster).reduce((s, c) => s + ticks(c), 0);
    total = ticks(postmaster) + exited + live;
    if (exitedChildTicks(postmaster, kernelOnly) === exited) break;
  }
  return total;
}

/** The embedded cluster's postmaster (the server's own reader of its pid file). */
export function postmasterPid(clusterDir: string): number {
  const read = readPostmasterPid(clusterDir);
  if (!read) throw new Error(`no postmaster.pid in ${clusterDir}`);
  return read.pid;
}

/** All CPUs' busy and idle ticks (/proc/stat: idle and iowait are idle, steal is neither). */
function machineTicks(): { busy: number; idle: number } {
  const [user, nice, system, idle, iowait, irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle! + iowait! };
}

/** CPU per request of one run, by process: where a 2-core machine's time went. */
export interface CpuSplitFigures {
  /** ms of CPU per request. */
  server: number;
  /** Undefined when the database is not the bench's embedded one (BENCH_DATABASE_URL). */
  postgres: number | undefined;
  /** The bench process itself: autocannon, which shares the machine with what it measures. */
  loadGenerator: number;
  /** Share of all CPUs busy over the run, 0-1. */
  machineBusy: number;
  /** ms of CPU per request of each other process the scenario loads (Scenario.sidecars). */
  sidecars: { label: string; ms: number }[];
}

export class CpuSplit {
  private start: { server: number; postgres: number; runner: NodeJS.CpuUsage; machine: { busy: number; idle: number }; sidecars: number[] } | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly postmaster: number | undefined,
    private readonly sidecars: readonly { label: string; pid: number }[] = [],
  ) {}

  begin(): void {
    this.start = {
      server: ownTicks(this.serverPid),
      postgres: this.postmaster === undefined ? 0 : postgresTicks(this.postmaster),
      runner: process.cpuUsage(),
      machine: machineTicks(),
      sidecars: this.sidecars.map((c) => ownTicks(c.pid)),
    };
  }

  end(requests: number): CpuSplitFigures {
    const s = this.start!;
    const per = (ticks: number) => (ticks * TICK_MS) / Math.max(1, requests);
    const runner = process.cpuUsage(s.runner);
    const machine = machineTicks();
    const busy = machine.busy - s.machine.busy;
    const idle = machine.idle - s.machine.idle;
    return {
      server: per(ownTicks(this.serverPid) - s.server),
      postgres: this.postmaster === undefined ? undefined : per(postgresTicks(this.postmaster) - s.postgres),
      loadGenerator: (runner.user + runner.system) / 1000 / Math.max(1, requests),
      machineBusy: busy + idle > 0 ? busy / (busy + idle) : 0,
      sidecars: this.sidecars.map((c, i) => ({ label: c.label, ms: per(ownTicks(c.pid) - s.sidecars[i]!) })),
    };
  }
}
