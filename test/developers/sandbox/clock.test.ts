import { randomUUID } from 'node:crypto';
import { defineTransition, scheduleTransition } from '../../../src/platform/scheduler/transitions';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { AdvanceTestClockDocument, CreateSubAccountDocument, TestClockDocument } from '../../support/graphql.generated';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';

let t: TestApp;
let master: Tenant;
let c: Client;
const ran: { subjectId: string; at: string }[] = [];

defineTransition('test.record', async (_tx, transition, at) => {
  ran.push({ subjectId: transition.subjectId, at: at.toISOString() });
});
defineTransition('test.explode', async () => {
  throw new Error('transition failed on purpose');
});

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Clocked' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

/** The advance as a sandbox user sends it: no idempotency key. */
const advance = (body: unknown, as: Client = c) => as.post('/v1/simulation/clock/advance', body, { key: null });

async function schedule(rootAccountId: string, kind: string, dueAt: string): Promise<string> {
  const subjectId = randomUUID();
  await t.db.prisma.$transaction((tx) =>
    scheduleTransition(tx, { accountId: rootAccountId, rootAccountId, kind, subjectId, dueAt: new Date(dueAt), now: t.clock.now() }),
  );
  return subjectId;
}

describe('POST /v1/simulation/clock/advance (payrail extension)', () => {
  it('needs exactly one of seconds or to', async () => {
    for (const body of [{}, { seconds: 5, to: '2027-01-01T00:00:00Z' }]) {
      const res = await advance(body);
      expect([res.status, res.body]).toEqual([400, { code: 400, message: "Give exactly one of 'seconds' or 'to'" }]);
    }
    expect((await advance({ seconds: -1 })).body).toMatchObject({ code: 400, message: expect.stringMatching(/seconds/) });
    expect((await advance({ to: 'tomorrow' })).body).toMatchObject({ code: 400, message: expect.stringMatching(/'to'/) });
  });

  it("freezes the tree's time at the process clock and moves it forward", async () => {
    const first = await advance({ seconds: 60 });
    expect(first.body).toEqual({ root_account_id: master.account.id, frozen_time: '2026-11-21T10:01:00.000Z', transitions_run: 0 });
    t.clock.advance(600); // the process clock moves (within the token lifetime); the frozen tree does not
    const second = await advance({ to: '2026-11-21T10:05:00Z' });
    expect(second.body.frozen_time).toBe('2026-11-21T10:05:00.000Z');
  });

  it('names the fields of a refused advance alike over GraphQL, whose names they already are', async () => {
    const both = await c.gql(AdvanceTestClockDocument, { input: { seconds: 5, to: '2027-01-01T00:00:00Z' } });
    expect(both.data!.advanceTestClock.userErrors[0]).toMatchObject({
      message: "Give exactly one of 'seconds' or 'to'",
      code: 'VALIDATION_FAILED',
      field: ['input', 'seconds'],
    });
    const negative = await c.gql(AdvanceTestClockDocument, { input: { seconds: -1 } });
    expect(negative.data!.advanceTestClock.userErrors[0]).toMatchObject({ message: expect.stringMatching(/^Invalid value for field 'seconds': /), field: ['input', 'seconds'] });
    const backwards = await c.gql(AdvanceTestClockDocument, { input: { to: '2026-11-21T10:00:00Z' } });
    expect(backwards.data!.advanceTestClock.userErrors[0]).toMatchObject({
      message: "A test clock only moves forward: 'to' is before the clock's time",
      code: 'TEST_CLOCK_BACKWARDS',
      field: ['input', 'to'],
    });
  });

  it('refuses to move backwards', async () => {
    const res = await advance({ to: '2026-11-21T10:00:00Z' });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: "A test clock only moves forward: 'to' is before the clock's time" }]);
  });

  it('is the clock of every account of the tree: objects created by a sub-account carry the frozen time', async () => {
    const sub = await makeSub(t.services, master, 'Clocked sub');
    const res = await c.as(sub.id).gql(AdvanceTestClockDocument, { input: { seconds: 30 } });
    expect(res.data!.advanceTestClock.testClock!).toEqual({ rootAccountId: master.account.id, frozenTime: '2026-11-21T10:05:30.000Z', transitionsRun: 0 });
    const created = await c.gql(CreateSubAccountDocument, { input: { name: 'Born frozen' } });
    expect(created.data!.createSubAccount.account!.createdAt).toBe('2026-11-21T10:05:30.000Z');
  });

  it('runs the transitions that fall due, each at its due time, and leaves later ones', async () => {
    const due = await schedule(master.account.id, 'test.record', '2026-11-21T10:06:00Z');
    const later = await schedule(master.account.id, 'test.record', '2026-11-21T11:00:00Z');
    const res = await advance({ to: '2026-11-21T10:10:00Z' });
    // 2: this one and the verification of the sub-account createSubAccount made above (due 10:06:30).
    expect(res.body.transitions_run).toBe(2);
    expect(ran).toEqual([{ subjectId: due, at: '2026-11-21T10:06:00.000Z' }]);
    expect(ran.map((r) => r.subjectId)).not.toContain(later);
  });

  it('keeps frozen trees out of the real-clock worker, and runs other trees on real time', async () => {
    const other = await makeMaster(t.services, { name: 'Real time' });
    const realDue = await schedule(other.account.id, 'test.record', '2020-01-01T00:00:00Z');
    const frozenDue = await schedule(master.account.id, 'test.record', '2026-11-21T10:09:00Z');
    ran.length = 0;
    await runDueTransitions(t.services, { realClock: true });
    expect(ran.map((r) => r.subjectId)).toEqual([realDue]);
    expect(ran[0]!.at).toBe(t.clock.now().toISOString());
    // The frozen tree's transition, due at 10:09 on its clock (10:10), was not touched; its own advance runs it.
    expect(await t.db.prisma.scheduledTransition.findFirstOrThrow({ where: { subjectId: frozenDue } })).toMatchObject({ status: 'PENDING', attempts: 0 });
    ran.length = 0;
    expect((await advance({ seconds: 1 })).status).toBe(200);
    expect(ran).toEqual([{ subjectId: frozenDue, at: '2026-11-21T10:09:00.000Z' }]);
  });

  it("marks a frozen tree's transitions, those scheduled before its clock too, out of the real-clock poll's index", async () => {
    const later = await makeMaster(t.services, { name: 'Clocked later' });
    const before = await schedule(later.account.id, 'test.record', '2099-01-01T00:00:00Z');
    const flag = async (subjectId: string) =>
      (await t.db.prisma.scheduledTransition.findFirstOrThrow({ where: { subjectId } })).underTestClock;
    expect(await flag(before)).toBe(false);
    // The tree's first advance creates its test clock: its pending transitions leave the real clock.
    expect((await advance({ seconds: 1 }, await clientOf(t, later))).status).toBe(200);
    expect(await flag(before)).toBe(true);
    // Scheduled under a test clock: marked when inserted.
    expect(await flag(await schedule(later.account.id, 'test.record', '2099-01-02T00:00:00Z'))).toBe(true);
    expect(await flag(await schedule((await makeMaster(t.services, { name: 'Never clocked' })).account.id, 'test.record', '2099-01-02T00:00:00Z'))).toBe(false);
  });

  it('claims each transition once when several runners race (FOR UPDATE SKIP LOCKED)', async () => {
    const other = await makeMaster(t.services, { name: 'Racing workers' });
    const ids = await Promise.all(Array.from({ length: 30 }, () => schedule(other.account.id, 'test.record', '2020-01-01T00:00:00Z')));
    ran.length = 0;
    const counts = await Promise.all(Array.from({ length: 4 }, () => runDueTransitions(t.services, { realClock: true })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(ran.map((r) => r.subjectId).sort()).toEqual([...ids].sort());
  });

  it('records a failing transition and retries it later, up to a limit', async () => {
    const other = await makeMaster(t.services, { name: 'Failing' });
    const subject = await schedule(other.account.id, 'test.explode', '2020-01-01T00:00:00Z');
    await runDueTransitions(t.services, { realClock: true });
    const row = await t.db.prisma.scheduledTransition.findFirstOrThrow({ where: { subjectId: subject } });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'transition failed on purpose' });
    expect(row.dueAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('is sandbox-only', async () => {
    const prod = await makeMaster(t.services, { name: 'Production' });
    await t.db.prisma.account.update({ where: { id: prod.account.id }, data: { isSandbox: false } });
    const res = await advance({ seconds: 1 }, await clientOf(t, prod));
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Test clocks exist only for sandbox accounts' }]);
  });
});

describe('GraphQL testClock', () => {
  it("reads the tree's clock: running with real time until an advance freezes it, the same for a sub-account", async () => {
    const owner = await makeMaster(t.services, { name: 'Reader' });
    const reader = await clientOf(t, owner);
    const before = await reader.gql(TestClockDocument);
    expect(before.errors).toBeUndefined();
    expect(before.data!.testClock).toEqual({ rootAccountId: owner.account.id, frozen: false, frozenTime: null, now: t.clock.now().toISOString() });
    await reader.gql(AdvanceTestClockDocument, { input: { seconds: 90 } });
    const frozenAt = new Date(t.clock.now().getTime() + 90_000).toISOString();
    t.clock.advance(5); // the process clock moves; the frozen tree does not
    const sub = await makeSub(t.services, owner, 'Reader Sub');
    const after = await reader.as(sub.id).gql(TestClockDocument);
    expect(after.data!.testClock).toEqual({ rootAccountId: owner.account.id, frozen: true, frozenTime: frozenAt, now: frozenAt });
  });

  it('is sandbox-only, as its advance is', async () => {
    const prod = await makeMaster(t.services, { name: 'Production clock' });
    await t.db.prisma.account.update({ where: { id: prod.account.id }, data: { isSandbox: false } });
    const res = await (await clientOf(t, prod)).gql(TestClockDocument);
    expect(res.errors![0]).toMatchObject({ message: 'Test clocks exist only for sandbox accounts', extensions: { code: 'test_clock_sandbox_only' } });
  });
});
