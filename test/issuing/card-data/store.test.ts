import { randomBytes, randomUUID } from 'node:crypto';
import { runAdminCommand, UsageError } from '../../../src/admin/commands';
import { inTransaction } from '../../../src/platform/db/tx';
import { buildKeyring, parseCardDataKeys, type CardDataKeyring } from '../../../src/platform/sealing/keys';
import { luhnCheckDigit, luhnValid, panLookupHash } from '../../../src/domain/issuing/card-data/pan';
import { sealPan } from '../../../src/platform/sealing/seal';
import { findCardIdByPan, issuePan, revealPan } from '../../../src/domain/issuing/card-data/store';
import { startTestApp, TEST_CARD_DATA_KEYS, type TestApp } from '../../support/app';
import { lockProbe } from '../../support/locks';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const scope = (keys: CardDataKeyring = t.services.cardDataKeys) => ({ db: t.db, cardDataKeys: keys });
const account = randomUUID();

/** Digits a test chooses: each call takes the next string, cut or padded to the count asked. */
function scripted(...draws: string[]) {
  let i = 0;
  return (count: number) => (draws[Math.min(i++, draws.length - 1)]!).padEnd(count, '0').slice(0, count);
}

async function dumpCardSecrets(): Promise<string> {
  // What a dump of the table shows: every column of every row as text.
  const rows = await t.db.prisma.$queryRaw<{ dump: string | null }[]>`SELECT string_agg(s::text, E'\n') AS dump FROM card_secrets s`;
  return rows[0]!.dump ?? '';
}

describe('issuing a PAN', () => {
  it('stores it sealed and gives it back, masked and in full, only to its own tenant', async () => {
    const cardId = randomUUID();
    const issued = await issuePan(scope(), { cardId, accountId: account, bin: '527735' });
    expect(issued.pan).toMatch(/^527735\d{10}$/);
    expect(luhnValid(issued.pan)).toBe(true);
    expect(issued.maskedPan).toBe(`527735******${issued.pan.slice(-4)}`);
    expect(await revealPan(scope(), { accountId: account, cardId })).toBe(issued.pan);
    expect(await revealPan(scope(), { accountId: randomUUID(), cardId })).toBeNull();
    expect(await findCardIdByPan(scope(), { accountId: account, pan: issued.pan })).toBe(cardId);
    expect(await findCardIdByPan(scope(), { accountId: randomUUID(), pan: issued.pan })).toBeNull();
  });

  it('draws another number when the first one is already issued (a forced clash)', async () => {
    const first = await issuePan(scope(), { cardId: randomUUID(), accountId: account, bin: '555071' }, { digits: scripted('111222333') });
    const secondId = randomUUID();
    const second = await issuePan(scope(), { cardId: secondId, accountId: randomUUID(), bin: '555071' }, { digits: scripted('111222333', '444555666') });
    expect(first.pan.slice(0, 15)).toBe('555071111222333');
    expect(second.pan.slice(0, 15)).toBe('555071444555666');
    expect(luhnValid(second.pan)).toBe(true);
    const stored = await t.db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM card_secrets WHERE pan_hash IN (${panLookupHash(t.services.cardDataKeys.panLookupKey('test1')!, first.pan)}, ${panLookupHash(t.services.cardDataKeys.panLookupKey('test1')!, second.pan)})`;
    expect(Number(stored[0]!.n)).toBe(2);
  });

  it('gives up with pan_space_exhausted when every draw clashes, leaving the caller\'s transaction usable', async () => {
    await issuePan(scope(), { cardId: randomUUID(), accountId: account, bin: '555243' }, { digits: scripted('777777777') });
    await inTransaction({ db: t.db }, async (tx) => {
      await expect(
        issuePan({ ...scope(), tx }, { cardId: randomUUID(), accountId: account, bin: '555243' }, { digits: scripted('777777777') }),
      ).rejects.toMatchObject({ code: 'card_data_pan_space_exhausted' });
      expect(await tx.$queryRaw`SELECT 1 AS ok`).toEqual([{ ok: 1 }]);
    });
  });

  it('waits for a concurrent, uncommitted card with the same number and then draws another one', async () => {
    const keys = t.services.cardDataKeys;
    const probe = await lockProbe(t.url);
    try {
      const heldId = randomUUID();
      const body = '527735999000111';
      const pan = body + luhnCheckDigit(body);
      await probe.holder.query('BEGIN');
      await probe.holder.query(
        'INSERT INTO card_secrets (card_id, account_id, pan_hash, pan_ciphertext, key_id) VALUES ($1, $2, $3, $4, $5)',
        [heldId, account, panLookupHash(keys.panLookupKey(keys.currentKeyId)!, pan), sealPan(keys, heldId, pan).value, keys.currentKeyId],
      );
      const racing = issuePan(scope(), { cardId: randomUUID(), accountId: account, bin: '527735' }, { digits: scripted('999000111', '999000222') });
      expect(await probe.waitingBackend(/INSERT INTO card_secrets/, racing)).toEqual(expect.any(Number));
      await probe.holder.query('COMMIT');
      const issued = await racing;
      expect(issued.pan.slice(0, 15)).toBe('527735999000222');
    } finally {
      await probe.close();
    }
  });
});

describe('a database dump', () => {
  it('shows no PAN: neither the number nor its account digits appear in the rows as text', async () => {
    const issued = await Promise.all(
      Array.from({ length: 20 }, () => issuePan(scope(), { cardId: randomUUID(), accountId: account, bin: '527735' })),
    );
    const dump = await dumpCardSecrets();
    expect(dump.length).toBeGreaterThan(0);
    for (const { pan } of issued) {
      expect(dump).not.toContain(pan);
      expect(dump).not.toContain(pan.slice(6, 15));
    }
  });
});

describe('key rotation: npm run admin -- rotate-card-data-key', () => {
  const NOTHING_ELSE_SEALED = { webhook_endpoints: 0, auth_decision_keys: 0, payment_terminals: 0 };
  it('leaves old values readable under the new key list, then re-encrypts them all under the newest key', async () => {
    const oldKeys = t.services.cardDataKeys;
    const cards = await Promise.all(
      Array.from({ length: 7 }, async () => {
        const cardId = randomUUID();
        return { cardId, pan: (await issuePan(scope(oldKeys), { cardId, accountId: account, bin: '555071' })).pan };
      }),
    );
    const before = await t.db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM card_secrets`;

    // The operator puts a new key first; the old one stays in the list.
    const newLine = `rot2:${randomBytes(32).toString('base64')}`;
    const rotated = buildKeyring(parseCardDataKeys(`${newLine},${TEST_CARD_DATA_KEYS}`, 'test'));
    expect(rotated.currentKeyId).toBe('rot2');
    for (const c of cards) expect(await revealPan(scope(rotated), { accountId: account, cardId: c.cardId })).toBe(c.pan);

    const out = (await runAdminCommand({ ...t.services, cardDataKeys: rotated }, ['rotate-card-data-key', '--batch-size', '3'])) as Record<string, number | string>;
    expect(out).toEqual({ key_id: 'rot2', reencrypted: Number(before[0]!.n), resealed: NOTHING_ELSE_SEALED, batches: Math.ceil(Number(before[0]!.n) / 3) });

    const left = await t.db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM card_secrets WHERE key_id <> 'rot2' OR pan_ciphertext NOT LIKE 'v1:rot2:%'`;
    expect(Number(left[0]!.n)).toBe(0);
    // Only the new key is needed now; the old key alone no longer opens them.
    const newOnly = buildKeyring(parseCardDataKeys(newLine, 'test'));
    for (const c of cards) {
      expect(await revealPan(scope(newOnly), { accountId: account, cardId: c.cardId })).toBe(c.pan);
      await expect(revealPan(scope(oldKeys), { accountId: account, cardId: c.cardId })).rejects.toMatchObject({ code: 'card_data_unreadable' });
    }
    await expect(runAdminCommand({ ...t.services, cardDataKeys: rotated }, ['rotate-card-data-key', '--batch-size', '0'])).rejects.toBeInstanceOf(UsageError);
    // A second run finds nothing left to do.
    expect(await runAdminCommand({ ...t.services, cardDataKeys: rotated }, ['rotate-card-data-key'])).toEqual({ key_id: 'rot2', reencrypted: 0, resealed: NOTHING_ELSE_SEALED, batches: 0 });
  });
});
