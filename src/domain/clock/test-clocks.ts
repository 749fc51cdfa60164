import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import type { ActingAccount, RequestContext } from '../context';
import { runDueTransitions } from '../scheduler/run';
import { exactMessage, parseInput } from '../validation/validate';

/** A test clock is per sandbox tree: the master and its sub-accounts share one time. */
export const rootOf = (acting: Pick<ActingAccount, 'id' | 'parentId'>): string => acting.parentId ?? acting.id;

const TEN_YEARS = 10 * 365 * 24 * 3600;

export const advanceInput = z
  .object({
    seconds: z.number().int().positive().max(TEN_YEARS).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.seconds === undefined) !== (v.to === undefined), {
    message: exactMessage("Give exactly one of 'seconds' or 'to'"),
    path: ['seconds'],
  });

export const testClockErrors = {
  sandboxOnly: () =>
    new DomainError({
      code: 'test_clock_sandbox_only',
      message: 'Test clocks exist only for sandbox accounts',
      status: 400,
      kind: 'business',
      accountCenter: { status: 400, message: 'Test clocks exist only for sandbox accounts' },
    }),
  backwards: () =>
    new DomainError({
      code: 'test_clock_backwards',
      message: "A test clock only moves forward: 'to' is before the clock's time",
      status: 400,
      kind: 'validation',
      field: 'to',
      accountCenter: { status: 400, message: "A test clock only moves forward: 'to' is before the clock's time" },
    }),
};

/**
 * payrail's extension (REST POST /v1/simulation/clock/advance, GraphQL advanceTestClock): freezes
 * the tree's time on first use (at the process clock's time), moves it forward, then runs every
 * transition that fell due up to the new time before answering.
 */
export async function advanceTestClock(
  ctx: RequestContext,
  rawInput: unknown,
): Promise<{ rootAccountId: string; frozenTime: Date; transitionsRun: number }> {
  const input = parseInput(advanceInput, rawInput);
  if (!ctx.acting.isSandbox) throw testClockErrors.sandboxOnly();
  const root = rootOf(ctx.acting);
  const frozenTime = await ctx.db.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ frozen_time: Date }[]>`
      SELECT frozen_time FROM test_clocks WHERE root_account_id = ${root}::uuid FOR UPDATE`;
    const current = row?.frozen_time ?? ctx.processClock.now();
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
  const transitionsRun = await runDueTransitions({ db: ctx.db, clock: ctx.processClock }, { rootAccountId: root, upTo: frozenTime });
  return { rootAccountId: root, frozenTime, transitionsRun };
}
