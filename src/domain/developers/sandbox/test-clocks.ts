import { z } from 'zod';
import type { ActingAccount, RequestContext, ServiceDeps } from '../../../platform/context';
import { lockRow } from '../../../platform/db/locks';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { runDueTransitions } from '../../../platform/scheduler/run';
import { exactMessage, parseInput } from '../../../platform/validation/validate';
import { testClockErrors } from '../../../platform/clock/errors';
import { quotedField } from '../../../platform/errors/field-names';
import { requireSandbox } from './capabilities';
import { frozenTimeOf } from './store';

/** A test clock is per sandbox tree: the master and its sub-accounts share one time. */
export const rootOf = (acting: Pick<ActingAccount, 'id' | 'parentId'>): string => acting.parentId ?? acting.id;

/** The account's time for a page that has no caller to read it from (3-D Secure, IDV): its tree's test clock when set. */
export async function treeNow(deps: ServiceDeps, accountId: string): Promise<Date> {
  return (await frozenTimeOf(deps.db, accountId)) ?? deps.clock.now();
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** An advance of the test clock: exactly one of seconds or to. */
export const advanceTestClockCommand = z
  .object({
    seconds: z.number().int().positive().max(TEN_YEARS).optional().describe('how far to move the clock forward'),
    to: z.iso.datetime({ offset: true }).optional().describe('the time to move the clock to; not before its current time'),
  })
  .refine((v) => (v.seconds === undefined) !== (v.to === undefined), {
    message: exactMessage(`Give exactly one of ${quotedField('seconds')} or ${quotedField('to')}`),
    path: ['seconds'],
  });

/** A sandbox tree's frozen time after an advance, as both doors present it. */
export interface TestClockView {
  rootAccountId: string;
  frozenTime: Date;
  /** Transitions that fell due and ran during this advance. */
  transitionsRun: number;
}

/** A sandbox tree's clock as it reads now: frozen at a time, or running with the process clock. */
export interface TestClockStateView {
  rootAccountId: string;
  /** The time an advance froze the tree at; null until the first advance. */
  frozenTime: Date | null;
  /** The tree's time now: the frozen time, or the process clock's while none is set. */
  now: Date;
}

/** GraphQL testClock: the acting account's tree's clock (sandbox only, as its advance is). */
export async function getTestClock(ctx: RequestContext): Promise<TestClockStateView> {
  requireSandbox(ctx.acting, 'test_clock', testClockErrors.sandboxOnly);
  const root = rootOf(ctx.acting);
  const frozenTime = (await frozenTimeOf(ctx.db, root)) ?? null;
  return { rootAccountId: root, frozenTime, now: frozenTime ?? ctx.processClock.now() };
}

/**
 * payrail's extension (REST POST /v1/simulation/clock/advance, GraphQL advanceTestClock): freezes
 * the tree's time on first use (at the process clock's time), moves it forward, then runs every
 * transition that fell due up to the new time before answering.
 */
export async function advanceTestClock(ctx: RequestContext, rawInput: unknown): Promise<TestClockView> {
  requireSandbox(ctx.acting, 'test_clock', testClockErrors.sandboxOnly);
  // An empty body is a body without either field.
  const input = parseInput(advanceTestClockCommand, rawInput ?? {});
  const root = rootOf(ctx.acting);
  const frozenTime = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await lockRow(tx, 'test_clocks', { rootAccountId: root });
    const current = row?.frozenTime ?? ctx.processClock.now();
    const target = input.to !== undefined ? new Date(input.to) : new Date(current.getTime() + input.seconds! * 1000);
    if (target.getTime() < current.getTime()) throw testClockErrors.backwards();
    const now = ctx.processClock.now();
    await tx.testClock.upsert({
      where: { rootAccountId: root },
      create: { rootAccountId: root, frozenTime: target, createdAt: now, updatedAt: now },
      update: { frozenTime: target, updatedAt: now },
    });
    return target;
  });
  // Committed: the tree's next call authenticates with the new time (the key record carries it).
  keyRecordsChanged(ctx.db);
  const transitionsRun = await runDueTransitions({ db: ctx.db, clock: ctx.processClock }, { rootAccountId: root, upTo: frozenTime });
  return { rootAccountId: root, frozenTime, transitionsRun };
}

/**
 * The acting account's tree's test clock as it stands (GraphQL node(id)): null outside the sandbox
 * and before the first advance. No advance ran in this read, so transitionsRun is 0.
 */
export async function readTestClock(ctx: RequestContext): Promise<TestClockView | null> {
  if (!ctx.acting.isSandbox) return null;
  const row = await ctx.db.prisma.testClock.findUnique({ where: { rootAccountId: rootOf(ctx.acting) } });
  return row ? { rootAccountId: row.rootAccountId, frozenTime: row.frozenTime, transitionsRun: 0 } : null;
}
