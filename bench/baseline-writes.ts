import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { idempotent, one, postEntry, recordEvent, Refused, shortReference, type Row } from './baseline-sql';

/**
 * The baseline's write handlers: for each of payrail's money-moving paths, the statements that path
 * sends today, in its order, one transaction per request (src/domain/wallet/deposits, payouts, transfers,
 * fx/conversions with ledger/posting.ts).
 */
export function registerBaselineWrites(app: FastifyInstance, pool: pg.Pool, authenticate: (token: string | undefined) => Promise<Row>): void {
  const write = (effect: (c: pg.PoolClient, who: Row, body: Record<string, string>) => Promise<Row>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const who = await authenticate(req.headers['x-auth-token'] as string);
      try {
        return await idempotent(pool, req.headers['x-idempotency-key'] as string, who.account_id, (c) => effect(c, who, req.body as Record<string, string>));
      } catch (e) {
        if (e instanceof Refused) return reply.code(400).send({ code: 400, message: e.message });
        throw e;
      }
    };

  // A sandbox deposit settles in its request: the row, both events, then the credit (wallet last).
  app.post('/deposit', write(async (c, who, body) => {
    const id = randomUUID();
    const amount = String(body.amount);
    await c.query(`INSERT INTO deposits (id, account_id, short_reference_id, amount, currency, status, deposit_fee, sender_swift_code, created_at, updated_at, completed_at)
      VALUES ($1, $2, $3, $4, $5, 'COMPLETED', 0, $6, now(), now(), now()) RETURNING *`, [id, who.account_id, shortReference('DP'), amount, body.currency, body.sender_swift_code]);
    for (const name of ['deposit.create.succeeded', 'deposit.complete.succeeded']) {
      await recordEvent(c, { accountId: who.account_id, type: 'DEPOSIT', name, sourceId: id, data: { deposit_id: id } });
    }
    await postEntry(c, { accountId: who.account_id, kind: 'DEPOSIT', referenceId: id }, [
      { accountId: who.account_id, currency: body.currency!, purpose: 'BANK_CLEARING', amount: `-${amount}` },
      { accountId: who.account_id, currency: body.currency!, purpose: 'WALLET', amount },
    ]);
    return { deposit_id: id, deposit_status: 'COMPLETED' };
  }));

  // The beneficiary locked FOR SHARE, the payout, its submission transition, its event, then the
  // posting with the guarded wallet debit last. The fee is the LOCAL flat 1 in the payout's currency.
  app.post('/payout', write(async (c, who, body) => {
    const beneficiary = await one(c, `SELECT * FROM beneficiaries WHERE id = $1::uuid AND account_id = $2::uuid AND status = 'ACTIVE' FOR SHARE`,
      [body.beneficiary_id, who.account_id]);
    if (!beneficiary) throw new Refused('beneficiary not found');
    const id = randomUUID();
    await c.query(`INSERT INTO payouts (id, account_id, short_reference_id, status, beneficiary_id, source_currency, source_amount, payout_currency, payout_amount,
      fee_amount, fee_currency, payment_method, purpose_code, payout_reference, payout_date, is_payer, created_at, updated_at)
      VALUES ($1, $2, $3, 'READY_TO_SEND', $4, $5, $6, $5, $6, 1, $5, 'LOCAL', 'WAGES_SALARY', 'bench', now()::date, false, now(), now())
      ON CONFLICT DO NOTHING RETURNING *`, [id, who.account_id, shortReference('PO'), body.beneficiary_id, body.currency, body.amount]);
    // A transition the worker never runs: baseline payouts stay READY_TO_SEND, as the frozen clock keeps payrail's.
    await c.query(`INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
      VALUES ($1, $2, $2, 'bench.noop', $3, now(), 'DONE', 0, now()) RETURNING *`, [randomUUID(), who.account_id, id]);
    await recordEvent(c, { accountId: who.account_id, type: 'PAYOUT', name: 'payout.create.succeeded', sourceId: id, data: { payout_id: id } });
    const total = (Number(body.amount) + 1).toFixed(2);
    await postEntry(c, { accountId: who.account_id, kind: 'PAYOUT', referenceId: id }, [
      { accountId: who.account_id, currency: body.currency!, purpose: 'FEES', amount: '1' },
      { accountId: who.account_id, currency: body.currency!, purpose: 'PAYOUT_IN_FLIGHT', amount: body.amount! },
      { accountId: who.account_id, currency: body.currency!, purpose: 'WALLET', amount: `-${total}`, guard: true },
    ]);
    return { payout_id: id, payout_status: 'READY_TO_SEND' };
  }));

  // Both parties locked FOR SHARE in id order, the transfer, its event, then both legs.
  app.post('/transfer', write(async (c, who, body) => {
    const parties = await c.query(`SELECT id, name, parent_id FROM accounts WHERE id = ANY($1::uuid[]) AND status <> 'CLOSED' ORDER BY id FOR SHARE`,
      [[body.source_account_id, body.target_account_id]]);
    if (parties.rowCount !== 2) throw new Refused('entity not found');
    const id = randomUUID();
    await c.query(`INSERT INTO transfers (id, account_id, short_reference_id, source_account_id, target_account_id, currency, amount, reason, status, created_by, created_at, completed_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'COMPLETED', $9, now(), now()) ON CONFLICT DO NOTHING RETURNING *`,
      [id, who.account_id, shortReference('TR'), body.source_account_id, body.target_account_id, body.currency, body.amount, body.reason, who.account_id]);
    await recordEvent(c, { accountId: who.account_id, type: 'PAYOUT', name: 'transfer.create.succeeded', sourceId: id, data: { transfer_id: id } });
    await postEntry(c, { accountId: who.account_id, kind: 'TRANSFER', referenceId: id }, [
      { accountId: body.source_account_id, currency: body.currency!, purpose: 'WALLET', amount: `-${body.amount}`, guard: true },
      { accountId: body.target_account_id, currency: body.currency!, purpose: 'WALLET', amount: body.amount! },
    ]);
    return { transfer_id: id };
  }));

  // The quote claimed (row lock, read, mark used), the four legs, the conversion, its event.
  app.post('/conversion', write(async (c, who, body) => {
    const locked = await one(c, `SELECT id FROM fx_quotes WHERE id = $1::uuid AND account_id = $2::uuid FOR UPDATE`, [body.quote_id, who.account_id]);
    if (!locked) throw new Refused('Quote not found');
    const quote = await one(c, `SELECT * FROM fx_quotes WHERE id = $1 LIMIT 1 OFFSET 0`, [body.quote_id]);
    if (!quote || quote.used_at !== null) throw new Refused('Quote has already been used');
    const id = randomUUID();
    await c.query(`UPDATE fx_quotes SET used_at = now(), used_by_type = 'CONVERSION', used_by_id = $1 WHERE id = $2 RETURNING *`, [id, body.quote_id]);
    const [sell, buy] = [String(quote.sell_amount), String(quote.buy_amount)];
    const [sellCurrency, buyCurrency] = [String(quote.sell_currency), String(quote.buy_currency)];
    await postEntry(c, { accountId: who.account_id, kind: 'CONVERSION', referenceId: id }, [
      { accountId: who.account_id, currency: sellCurrency, purpose: 'WALLET', amount: `-${sell}`, guard: true },
      { accountId: who.account_id, currency: sellCurrency, purpose: 'FX_CLEARING', amount: sell },
      { accountId: who.account_id, currency: buyCurrency, purpose: 'FX_CLEARING', amount: `-${buy}` },
      { accountId: who.account_id, currency: buyCurrency, purpose: 'WALLET', amount: buy },
    ]);
    await c.query(`INSERT INTO conversions (id, account_id, short_reference_id, quote_id, sell_currency, sell_amount, buy_currency, buy_amount, rate, conversion_date, status, reference, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'COMPLETED', NULL, now()) ON CONFLICT DO NOTHING RETURNING *`,
      [id, who.account_id, shortReference('CV'), quote.id, sellCurrency, sell, buyCurrency, buy, quote.rate, quote.conversion_date]);
    await recordEvent(c, { accountId: who.account_id, type: 'CONVERSION', name: 'conversion.create.succeeded', sourceId: id, data: { conversion_id: id } });
    return { conversion_id: id, status: 'COMPLETED' };
  }));
}
