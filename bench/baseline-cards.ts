import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { READ_CARD } from '../src/domain/issuing/transactions/store';
import { idempotent, one, postEntry, recordEvent, Refused, shortReference, type Row } from './baseline-sql';

/**
 * Card authorizations (issue 9) on the baseline: the statements payrail's SI2 sends
 * (src/domain/issuing/transactions/authorize.ts), written plainly. The one read (the same text,
 * imported) comes first, outside the transaction; then the card row lock, the re-check of status,
 * room and controls, the issuing balance's lock and check, the hold on the card, the posting, the
 * transaction row and the event, with the idempotency record.
 */
const startOf = (now: Date) => {
  const y = now.getUTCFullYear(), m = now.getUTCMonth(), d = now.getUTCDate();
  return [new Date(Date.UTC(y, m, d)), new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7))), new Date(Date.UTC(y, m, 1))];
};

export function registerBaselineCards(app: FastifyInstance, pool: pg.Pool, authenticate: (token: string | undefined) => Promise<Row>): void {
  app.post('/card-authorization', async (req, reply: FastifyReply) => {
    const who = await authenticate(req.headers['x-auth-token'] as string);
    const body = req.body as { card_id: string; transaction_amount: number; transaction_currency: string; merchant_name: string; merchant_category_code: string };
    const now = new Date();
    try {
      const card = await one(pool, READ_CARD, [body.card_id, who.account_id, now, ...startOf(now)]);
      if (!card || card.status !== 'ACTIVE') throw new Refused('card');
      const amount = Number(body.transaction_amount).toFixed(2);
      if (Number(card.issuing_available ?? 0) < Number(amount)) throw new Refused('insufficient');
      const id = randomUUID();
      return await idempotent(pool, req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
        await c.query(`SELECT 'true'::jsonb FROM cards WHERE id = $1::uuid FOR UPDATE`, [card.id]);
        const ok = await c.query(`SELECT 'true'::jsonb FROM cards c WHERE c.id = $1::uuid AND c.status = 'ACTIVE'
          AND CASE WHEN c.mode_type = 'SINGLE' THEN c.available_balance >= $2::numeric ELSE c.card_limit = 0 OR c.card_limit - c.consumed_amount - c.auth_held >= $2::numeric END
          AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements($3::jsonb) k WHERE (SELECT coalesce(sum(t.billing_amount - t.reversed_amount), 0) FROM card_transactions t
            WHERE t.card_id = c.id AND t.transaction_type = 'AUTHORIZATION' AND t.transaction_status = 'APPROVED' AND t.transaction_time >= (k->>'since')::timestamptz) + $2::numeric > (k->>'amount')::numeric)
          AND (c.usage_type <> 'ONE_TIME' OR NOT EXISTS (SELECT 1 FROM card_transactions t WHERE t.card_id = c.id AND t.transaction_type = 'AUTHORIZATION'
            AND t.transaction_status = 'APPROVED' AND t.billing_amount > t.reversed_amount))`, [card.id, amount, '[]']);
        if (ok.rowCount === 0) throw new Refused('stale');
        const funded = await c.query(`SELECT 'true'::jsonb FROM ledger_accounts WHERE account_id = $1::uuid AND currency = $2 AND purpose = 'ISSUING_AVAILABLE'
          AND balance >= $3::numeric FOR UPDATE`, [card.account_id, card.card_currency, amount]);
        if (funded.rowCount === 0) throw new Refused('stale');
        await c.query(`UPDATE cards SET auth_held = auth_held + $2::numeric WHERE id = $1::uuid AND status = 'ACTIVE'
          RETURNING jsonb_build_object('available_balance', available_balance::text, 'auth_held', auth_held::text)`, [card.id, amount]);
        await postEntry(c, { accountId: who.account_id, kind: 'CARD_AUTHORIZATION', referenceId: id }, [
          { accountId: card.account_id, currency: String(card.card_currency), purpose: 'ISSUING_AVAILABLE', amount: `-${amount}`, guard: true },
          { accountId: card.account_id, currency: String(card.card_currency), purpose: 'ISSUING_AUTH_HOLD', amount },
        ]);
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await c.query(`INSERT INTO card_transactions (id, account_id, card_id, cardholder_id, masked_pan, short_transaction_id, transaction_type, transaction_status,
          transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_fee, transaction_fee_currency, fee_pass_through, card_available_balance,
          merchant_name, merchant_category_code, merchant_city, merchant_country, three_ds, authorization_code, held_amount, cleared_amount, reversed_amount, refunded_amount,
          transaction_time) VALUES ($1, $2, $3, $4, $5, $6, 'AUTHORIZATION', 'APPROVED', $7, $8, $7, $8, 0, $8, 'N', $9, $10, $11, '', '', false, $12, $7, 0, 0, 0, now())
          ON CONFLICT DO NOTHING RETURNING 'true'::jsonb`,
          [id, card.account_id, card.id, card.cardholder_id, card.masked_pan, shortReference('CT'), amount, card.card_currency,
            (Number(card.issuing_available) - Number(amount)).toFixed(2), body.merchant_name, body.merchant_category_code, code]);
        await recordEvent(c, { accountId: who.account_id, type: 'ISSUING', name: 'card.authorization.approved', sourceId: id, data: { transaction_id: id } });
        return { transaction_id: id, card_id: card.id, transaction_type: 'AUTHORIZATION', transaction_status: 'APPROVED', authorization_code: code };
      });
    } catch (e) {
      if (e instanceof Refused) return reply.code(400).send({ code: 400, message: e.message });
      throw e;
    }
  });
}
