import type { Figures } from '../../bench/load';
import { ceilingTps, cpuLine, goalLines, rssWarnings, type ScenarioResult } from '../../bench/report';
import { CpuSplit } from '../../bench/cpu-ticks';
import { QuotePool } from '../../bench/fixtures';
import { scenarios, selectScenarios } from '../../bench/scenarios';

const figures = (over: Partial<Figures> = {}): Figures => ({
  rps: 100, total: 500, okPerSecond: 100, p50: 5, p99: 10, non2xx: 0, errors: 0, badBodies: 0, non2xxByStatus: {}, ...over,
});
const result = (over: Partial<ScenarioResult>): ScenarioResult => ({
  name: 'x', kind: 'read', connections: 10, payrail: figures(), baseline: figures(), rssMb: 100, ...over,
});
const ceilingRun = (tps: number) => ({ tps, p50: 1, p99: 2, transactions: tps, errors: 0 });
const verdict = (line: string | undefined) => (line?.endsWith('NOT MET') ? 'not met' : line?.endsWith('met') ? 'met' : line);

describe('the bench report (issue 7 goals)', () => {
  it('takes the ceiling as the mean of the runs before and after the scenarios', () => {
    expect(ceilingTps({ before: ceilingRun(300), after: ceilingRun(500) })).toBe(400);
    expect(ceilingTps({ before: ceilingRun(300) })).toBe(300);
  });

  it('marks a write scenario met at 0.2 of the ceiling and a p99 under 50 ms at half load', () => {
    const at = (rps: number, p99: number) =>
      goalLines([result({ kind: 'write', payrail: figures({ rps }), halfLoad: { rate: rps / 2, figures: figures({ p99 }) } })], 1000)
        .slice(0, 2)
        .map(verdict);
    expect(at(200, 49)).toEqual(['met', 'met']);
    expect(at(199, 50)).toEqual(['not met', 'not met']);
  });

  it('holds a scenario a later issue added to that issue\'s goal, not to issue 7\'s', () => {
    const slow = { payrail: figures({ rps: 60 }), baseline: figures({ rps: 100 }), halfLoad: { rate: 30, figures: figures({ p99: 70 }) } };
    // Issue 8: half of the baseline; the p99 is reported in the table, not held to 50 ms.
    expect(goalLines([result({ kind: 'write', goalOf: 'issue 8', ...slow })], 1000).slice(0, -1).map(verdict)).toEqual(['met']);
    expect(verdict(goalLines([result({ kind: 'write', goalOf: 'issue 8', payrail: figures({ rps: 49 }) })], 1)[0])).toBe('not met');
    // Issue 9: half of the baseline and p99 under 50 ms at half load.
    expect(goalLines([result({ kind: 'write', goalOf: 'issue 9', ...slow })], 1000).slice(0, -1).map(verdict)).toEqual(['met', 'not met']);
    // The same figures under issue 7's write goal: 0.06 of the ceiling, p99 70 ms.
    expect(goalLines([result({ kind: 'write', ...slow })], 1000).slice(0, -1).map(verdict)).toEqual(['not met', 'not met']);
  });

  it('reports what the decision endpoint adds over the plain authorization (issue 11 sets no figure)', () => {
    const plain = result({ name: 'card authorization, many cards', kind: 'write', goalOf: 'issue 9', payrail: figures({ p50: 16, p99: 40 }),
      halfLoad: { rate: 100, figures: figures({ p50: 10, p99: 24 }) } });
    const decision = result({ name: 'card authorization, decision endpoint', kind: 'write', goalOf: 'issue 11', payrail: figures({ p50: 150, p99: 340 }),
      halfLoad: { rate: 30, figures: figures({ p50: 60, p99: 198 }) } });
    const line = goalLines([plain, decision], 1000).find((l) => l.startsWith('card authorization, decision endpoint'));
    expect(line).toContain('p50 +134 ms, p99 +300 ms; at half load p50 +50 ms, p99 +174 ms');
    expect(line).not.toMatch(/met$/);
    expect(goalLines([decision], 1000)[0]).toContain('p50 -, p99 -');
  });

  it('counts the hot wallet in successful debits per second, not in requests', () => {
    const hot = (okPerSecond: number) => verdict(goalLines([result({ kind: 'hot', payrail: figures({ rps: 2000, okPerSecond }) })], 1000)[0]);
    expect(hot(1000)).toBe('met');
    expect(hot(999)).toBe('not met');
  });

  it('holds GraphQL scenarios to half of the baseline', () => {
    const gql = (rps: number) => verdict(goalLines([result({ kind: 'graphql', payrail: figures({ rps }), baseline: figures({ rps: 1000 }) })], 1)[0]);
    expect(gql(500)).toBe('met');
    expect(gql(499)).toBe('not met');
  });

  it('holds every scenario under 250 MB of peak RSS and warns for each one over', () => {
    const results = [result({ name: 'a', rssMb: 249 }), result({ name: 'b', rssMb: 260 })];
    expect(verdict(goalLines(results, 1).at(-1))).toBe('not met');
    expect(goalLines(results, 1).at(-1)).toContain('260 MB (b)');
    expect(rssWarnings(results)).toEqual(['WARNING: payrail peak RSS 260 MB under "b" (goal < 250 MB)']);
    expect(verdict(goalLines([result({ rssMb: 249 })], 1).at(-1))).toBe('met');
  });
});

describe('the bench scenarios', () => {
  const all = scenarios(
    { auth: {}, accountId: 'a', subAccountId: 's', beneficiaryId: 'b', today: '2026-11-21', templateQuoteId: 'q' },
    { client_id: 'c', api_key: 'k' },
    10,
    new QuotePool('postgresql://unused', 'q'),
  );

  it('keeps short, stable names', () => {
    expect(all.map((s) => s.name)).toEqual([
      'token exchange', 'GraphQL { viewer }', 'list balances', 'GraphQL payouts(50)',
      'create payout', 'simulate deposit', 'transfer', 'conversion', 'hot wallet',
    ]);
  });

  it('runs the hot wallet with 50 connections and the rest with BENCH_CONNECTIONS', () => {
    expect(all.filter((s) => s.connections !== 10).map((s) => [s.name, s.connections])).toEqual([['hot wallet', 50]]);
  });

  it('BENCH_ONLY picks the scenarios whose names contain one of its words, in any case', () => {
    expect(selectScenarios(all, 'payout, HOT').map((s) => s.name)).toEqual(['GraphQL payouts(50)', 'create payout', 'hot wallet']);
    expect(selectScenarios(all, '')).toHaveLength(all.length);
    expect(selectScenarios(all, undefined)).toHaveLength(all.length);
  });
});

describe('the card authorization scenarios (issue 9)', () => {
  const withCards = scenarios(
    { auth: {}, accountId: 'a', subAccountId: 's', beneficiaryId: 'b', today: '2026-11-21', templateQuoteId: 'q' },
    { client_id: 'c', api_key: 'k' },
    10,
    new QuotePool('postgresql://unused', 'q'),
    undefined,
    { cardIds: ['c1', 'c2', 'c3'] },
  );
  const byName = (name: string) => withCards.find((s) => s.name === name)!;

  it('authorizes round-robin over the cards, and on one card from the same connections, on both servers, each with the half-load p99 goal of a write', () => {
    const many = byName('card authorization, many cards');
    const cards = [1, 2, 3, 4].map(() => JSON.parse(many.payrail.nextBody!()).card_id);
    expect(cards).toEqual(['c1', 'c2', 'c3', 'c1']);
    expect(JSON.parse(many.baseline.nextBody!()).card_id).toBe('c2');
    const hot = byName('card authorization, one hot card');
    expect([hot.kind, hot.connections, JSON.parse(hot.payrail.body!).card_id, JSON.parse(hot.baseline.body!).card_id]).toEqual(['write', 10, 'c1', 'c1']);
  });

  it('counts a DECLINED answer as a failed request', () => {
    const ok = byName('card authorization, many cards').bodyOk!;
    expect(ok('{"transaction_status":"APPROVED"}')).toBe(true);
    expect(ok('{"transaction_status":"DECLINED","failure_reason":"INSUFFICIENT_FUNDS"}')).toBe(false);
  });

  it('splits a run\'s CPU per request between the server, PostgreSQL and the load generator', () => {
    // The bench process stands in for the server here: it burns 200 ms of CPU over "4 requests".
    const split = new CpuSplit(process.pid, undefined);
    split.begin();
    const start = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(start).user < 200_000) spin++;
    const c = split.end(4);
    expect(spin).toBeGreaterThan(0);
    expect(c.loadGenerator).toBeGreaterThanOrEqual(50);
    expect(c.server).toBeGreaterThanOrEqual(40);
    expect(c.postgres).toBeUndefined();
    expect(c.machineBusy).toBeGreaterThan(0);
    expect(c.machineBusy).toBeLessThanOrEqual(1);
    expect(c.sidecars).toEqual([]);
    expect(cpuLine({ server: 0.5, postgres: undefined, loadGenerator: 0.42, machineBusy: 0.934, sidecars: [] }))
      .toBe('CPU per request: server 0.50 ms, PostgreSQL - ms, load generator 0.42 ms; all CPUs 93 % busy');
  });

  it('adds the CPU of the other processes a scenario loads (the decision endpoint) to its line', () => {
    // This process stands in for the endpoint: 100 ms of CPU over 2 requests.
    const split = new CpuSplit(process.pid, undefined, [{ label: 'decision endpoint', pid: process.pid }]);
    split.begin();
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 100_000);
    const c = split.end(2);
    expect(c.sidecars).toHaveLength(1);
    expect(c.sidecars[0]!.label).toBe('decision endpoint');
    expect(c.sidecars[0]!.ms).toBeGreaterThanOrEqual(40);
    expect(cpuLine({ server: 8, postgres: 3.3, loadGenerator: 0.4, machineBusy: 0.83, sidecars: [{ label: 'decision endpoint', ms: 2.5 }] }))
      .toBe('CPU per request: server 8.00 ms, PostgreSQL 3.30 ms, load generator 0.40 ms, decision endpoint 2.50 ms; all CPUs 83 % busy');
  });
});
