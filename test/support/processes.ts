import fs from 'node:fs';

/** pid -> [ppid, state, command line] of every process, from /proc. */
function processTable(): Map<number, { ppid: number; state: string; cmdline: string }> {
  const table = new Map<number, { ppid: number; state: string; cmdline: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      table.set(Number(entry), { state: rest[0]!, ppid: Number(rest[1]), cmdline });
    } catch {
      // exited while we read
    }
  }
  return table;
}

/** Every live descendant of pid (children, their children, …) with its command line. */
export function descendants(pid: number): { pid: number; cmdline: string }[] {
  const table = processTable();
  const out: { pid: number; cmdline: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [p, info] of table) {
      if (info.ppid === parent && info.state !== 'Z') {
        out.push({ pid: p, cmdline: info.cmdline });
        queue.push(p);
      }
    }
  }
  return out;
}

/** Running, not a zombie (a reparented orphan's zombie lingers where PID 1 does not reap). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls the process table until none of pids runs; jest's timeout bounds the wait. */
export async function waitUntilGone(pids: number[]): Promise<void> {
  while (pids.some(isRunning)) await new Promise((r) => setTimeout(r, 50));
}
