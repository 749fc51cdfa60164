import pg from 'pg';
import type { BatchItem } from '../../../src/platform/db/group-commit';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authBody } from './fixtures';

/**
 * What one card authorization costs PostgreSQL, the hottest path payrail has: the round trips the
 * request sends before its commit (its reads), and the statements of its write set (run in the
 * group commit's one round trip). Counted as test/scheduler/lifecycles.test.ts counts a transition:
 * each statement sent, and each statement the write set runs.
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t);
});
afterAll(() => t.close());

const SINGLE = '491090';

interface Cost {
  /** Statements sent to PostgreSQL by the request itself, before its write set. */
  reads: string[];
  /** The statements of the write set the request committed. */
  writes: number;
  status: string;
}

/** One authorization on `cardId` (after a warm-up one, unless `cold`), with what it sent. */
async function costOf(cardId: string, over: Json = {}, cold = false): Promise<Cost> {
  if (!cold) await c.post('/v1/simulation/issuing/authorization', authBody(cardId, { transaction_amount: 1 }));
  const sent = jest.spyOn(pg.Client.prototype, 'query');
  const submit = jest.spyOn(t.db.commits, 'submit');
  try {
    const res = await c.post('/v1/simulation/issuing/authorization', authBody(cardId, over));
    expect(res.status).toBe(200);
    const texts = sent.mock.calls.map((call) => {
      const q = call[0] as unknown;
      return typeof q === 'string' ? q : ((q as { name?: string; text?: string }).name ?? (q as { text?: string }).text ?? '');
    });
    const items = submit.mock.calls.map((call) => call[0] as BatchItem);
    expect(items).toHaveLength(1);
    return {
      // The group commit's own statements (the batch, the outbox's wake-up), and the API key's look-up (usually cached), are not the authorization's.
      reads: texts.filter((s) => !/payrail_apply_batch|payrail_outbox_poke|api_key_hash|find_key_record/.test(s)).map((s) => (/^\s*SELECT/.test(s) ? 'prisma' : s)),
      writes: items[0]!.ops.length,
      status: res.body.transaction_status as string,
    };
  } finally {
    sent.mockRestore();
    submit.mockRestore();
  }
}

describe('one card authorization', () => {
  it('a SHARE card: one read (the named card read), seven statements in its write set', async () => {
    const { cardId } = await activeCard(t, c, '100.00');
    expect(await costOf(cardId)).toEqual({ reads: ['card_authorization_read'], writes: 7, status: 'APPROVED' });
  });

  it('a SHARE card with a card limit and spending controls: the same', async () => {
    const { cardId } = await activeCard(t, c, '100.00', { card_limit: 50, spending_controls: [{ amount: 40, interval: 'DAILY' }, { amount: 30, interval: 'PER_TRANSACTION' }] });
    expect(await costOf(cardId)).toEqual({ reads: ['card_authorization_read'], writes: 7, status: 'APPROVED' });
  });

  it('a SINGLE card: one read, six statements (no issuing balance to guard)', async () => {
    const { cardId } = await activeCard(t, c, '100.00', { card_limit: 30 }, SINGLE);
    expect(await costOf(cardId)).toEqual({ reads: ['card_authorization_read'], writes: 6, status: 'APPROVED' });
  });

  it('a ONE_TIME card cancelled by its authorization: the card read again for its event, and the cancel in the same write set', async () => {
    const { cardId } = await activeCard(t, c, '100.00', { usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' });
    expect(await costOf(cardId, {}, true)).toEqual({ reads: ['card_authorization_read', 'prisma'], writes: 9, status: 'APPROVED' });
  });

  it('a declined authorization: one read, its row and its event', async () => {
    const { cardId } = await activeCard(t, c, '100.00');
    expect(await costOf(cardId, { transaction_status: 'DECLINED' })).toEqual({ reads: ['card_authorization_read'], writes: 2, status: 'DECLINED' });
  });
});
