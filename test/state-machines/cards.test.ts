import { CARD_EXPIRE } from '../../src/domain/cards/lifecycle';
import { CARD_STATUSES, type CardStatus } from '../../src/domain/cards/rules';
import { issuer } from '../cardholders/fixtures';
import { createCard } from '../cards/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Card: every state (spec 3.1) × every operation that changes one: CI5 to each status a caller may
 * set (spec 3.2: freeze an ACTIVE card, unfreeze a FROZEN one, cancel any, CANCELLED is final), CI4
 * (a new card_limit: ACTIVE cards only) and the expiry_at cancel on the clock. Refusals are envelope
 * B, `{ code: 400, message }`, in spec 7.2's words.
 */
const OPERATIONS = ['set_ACTIVE', 'set_FROZEN', 'set_CANCELLED', 'update', CARD_EXPIRE] as const;
type Operation = (typeof OPERATIONS)[number];

const STATUS_INVALID = refused(400, { code: 400, message: 'Card status is invalid' });
const NOT_ACTIVE = refused(400, { code: 400, message: 'The card is not active.' });
const NEVER = { unreachable: 'listed by spec 3.1; no call, network event or clock step of the sandbox produces it' };

const TABLE: Table<CardStatus, Operation> = {
  PENDING: { set_ACTIVE: STATUS_INVALID, set_FROZEN: STATUS_INVALID, set_CANCELLED: allowed('CANCELLED'), update: NOT_ACTIVE, [CARD_EXPIRE]: allowed('CANCELLED') },
  ACTIVE: { set_ACTIVE: STATUS_INVALID, set_FROZEN: allowed('FROZEN'), set_CANCELLED: allowed('CANCELLED'), update: allowed('ACTIVE'), [CARD_EXPIRE]: allowed('CANCELLED') },
  FROZEN: { set_ACTIVE: allowed('ACTIVE'), set_FROZEN: STATUS_INVALID, set_CANCELLED: allowed('CANCELLED'), update: NOT_ACTIVE, [CARD_EXPIRE]: allowed('CANCELLED') },
  BLOCKED: NEVER,
  CANCELLED: { set_ACTIVE: STATUS_INVALID, set_FROZEN: STATUS_INVALID, set_CANCELLED: STATUS_INVALID, update: NOT_ACTIVE, [CARD_EXPIRE]: ignored('CANCELLED') },
  LOST: NEVER,
  STOLEN: NEVER,
  FAILED: NEVER,
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (c: Client, id: string): Promise<string> => (await c.get(`/v1/issuing/cards/${id}`)).body.card_status;

/**
 * A virtual VISA card put into `state` on its own tree: PENDING while its order runs, ACTIVE once
 * the order completed (3 s on the test clock), then CI5 to FROZEN or CANCELLED.
 */
async function cardIn(state: CardStatus): Promise<{ c: Client; id: string; accountId: string }> {
  const c = await issuer(t, `Cards ${state}`);
  const id: string = (await createCard(c)).card_id;
  if (state !== 'PENDING') await advance(c, 3);
  if (state === 'FROZEN' || state === 'CANCELLED') await c.post(`/v1/issuing/cards/${id}/status`, { card_status: state });
  expect(await statusOf(c, id)).toBe(state);
  const accountId = (await t.db.prisma.card.findUniqueOrThrow({ where: { id } })).accountId;
  return { c, id, accountId };
}

async function apply(op: Operation, s: { c: Client; id: string; accountId: string }) {
  if (op === 'update') return s.c.post(`/v1/issuing/cards/${s.id}`, { card_limit: 500 });
  if (op === CARD_EXPIRE) {
    await fireTransition(t, op, { id: s.id, accountId: s.accountId });
    return { status: 200, body: {} };
  }
  return s.c.post(`/v1/issuing/cards/${s.id}/status`, { card_status: op.slice('set_'.length) });
}

it('has a row for every card status and a column for every operation', () => {
  expectShape(TABLE, CARD_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await cardIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s.c, s.id));
});
