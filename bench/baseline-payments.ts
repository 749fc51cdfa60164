import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { idempotent, one, postEntry, recordEvent, Refused, type Row } from './baseline-sql';

/**
 * Payment acceptance (issue 8) on the baseline: the statements payrail's confirm (auto capture) and
 * capture send (src/domain/acquiring/payments/service.ts, lifecycle.ts), written plainly. The reads come
 * first, outside the transaction; then the attempt, the guarded writes of both rows, the events and
 * the capture's posting, with the idempotency record.
 */
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

export function registerBaselinePayments(app: FastifyInstance, pool: pg.Pool, authenticate: (token: string | undefined) => Promise<Row>): void {
  const read = async (req: FastifyRequest, who: Row) => {
    const { id } = req.params as { id: string };
    const intent = await one(pool, `SELECT * FROM payment_intents WHERE id = $1::uuid AND account_id = $2::uuid LIMIT 1`, [id, who.account_id]);
    if (!intent) throw new Refused('payment intent not found');
    return intent;
  };
  const respond = async (reply: FastifyReply, work: () => Promise<Row>) => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof Refused) return reply.code(400).send({ code: 400, message: e.message });
      throw e;
    }
  };
  const captured = async (c: pg.PoolClient, who: Row, intent: Row, attemptId: string, amount: string) => {
    const guarded = await c.query(`UPDATE payment_intents SET status = 'SUCCEEDED', captured_amount = $1, completed_at = now(), updated_at = now(), latest_attempt_id = $2
      WHERE id = $3 AND account_id = $4 AND status = $5 AND updated_at = $6 RETURNING 'true'::jsonb`, [amount, attemptId, intent.id, who.account_id, intent.status, intent.updated_at]);
    if (guarded.rowCount === 0) throw new Refused('stale');
    await c.query(`UPDATE payment_attempts SET status = 'CAPTURE_REQUESTED', auth_code = coalesce(auth_code, $1), rrn = coalesce(rrn, $2), arn = $3,
      captured_amount = $4, completed_at = now(), updated_at = now() WHERE id = $5 RETURNING 'true'::jsonb`, [digits(6), digits(12), digits(23), amount, attemptId]);
    await recordEvent(c, { accountId: who.account_id, type: 'ACQUIRING', name: 'payment_intent.capture.succeeded', sourceId: String(intent.id), data: { payment_intent_id: intent.id } });
    await postEntry(c, { accountId: who.account_id, kind: 'PAYMENT_CAPTURE', referenceId: String(intent.id) }, [
      { accountId: who.account_id, currency: String(intent.currency), purpose: 'CARD_CLEARING', amount: `-${amount}` },
      { accountId: who.account_id, currency: String(intent.currency), purpose: 'PAYMENT_PENDING', amount },
    ]);
  };

  app.post('/payment_intents/:id/confirm', async (req, reply) => {
    const who = await authenticate(req.headers['x-auth-token'] as string);
    return respond(reply, async () => {
      const intent = await read(req, who);
      if (intent.status !== 'REQUIRES_PAYMENT_METHOD') throw new Refused('state');
      const attemptId = randomUUID();
      const amount = String(intent.amount);
      return idempotent(pool, req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
        await c.query(`INSERT INTO payment_attempts (id, account_id, payment_intent_id, status, amount, currency, captured_amount, refunded_amount, payment_method_type,
          card, card_fingerprint, authentication_data, created_at, updated_at)
          VALUES ($1, $2, $3, 'INITIATED', $4, $5, 0, 0, 'card', $6, $7, $8, now(), now())`,
          [attemptId, who.account_id, intent.id, amount, intent.currency, JSON.stringify({ bin: '424242', last4: '4242' }), 'fp', JSON.stringify({ cvv_result: 'M', avs_result: 'U' })]);
        await captured(c, who, intent, attemptId, amount);
        await recordEvent(c, { accountId: who.account_id, type: 'ACQUIRING', name: 'payment_intent.confirm.succeeded', sourceId: String(intent.id), data: { payment_intent_id: intent.id } });
        return { payment_intent_id: intent.id, intent_status: 'SUCCEEDED' };
      });
    });
  });

  app.post('/payment_intents/:id/capture', async (req, reply) => {
    const who = await authenticate(req.headers['x-auth-token'] as string);
    return respond(reply, async () => {
      const intent = await read(req, who);
      if (intent.status !== 'REQUIRES_CAPTURE') throw new Refused('state');
      const attempt = await one(pool, `SELECT * FROM payment_attempts WHERE id = $1::uuid AND account_id = $2::uuid LIMIT 1`, [intent.latest_attempt_id, who.account_id]);
      if (!attempt) throw new Refused('attempt not found');
      return idempotent(pool, req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
        await captured(c, who, intent, String(attempt.id), String(attempt.amount));
        return { payment_intent_id: intent.id, intent_status: 'SUCCEEDED' };
      });
    });
  });

  // A partial refund (PA8) of a captured intent: the reads first (intent, latest attempt, whether its
  // capture is settled), then the guarded reservation on the attempt, the refund row, its scheduled
  // processing, the event and the guarded debit of the payment balance, with the idempotency record.
  app.post('/refunds', async (req, reply) => {
    const who = await authenticate(req.headers['x-auth-token'] as string);
    return respond(reply, async () => {
      const body = req.body as { payment_intent_id: string; amount: string; reason: string };
      const intent = await one(pool, `SELECT * FROM payment_intents WHERE id = $1::uuid AND account_id = $2::uuid LIMIT 1`, [body.payment_intent_id, who.account_id]);
      if (!intent || intent.status !== 'SUCCEEDED') throw new Refused('not refundable');
      const attempt = await one(pool, `SELECT * FROM payment_attempts WHERE id = $1::uuid AND account_id = $2::uuid LIMIT 1`, [intent.latest_attempt_id, who.account_id]);
      if (!attempt) throw new Refused('attempt not found');
      const settled = await one(pool, `SELECT 1 FROM settlement_items WHERE payment_attempt_id = $1::uuid LIMIT 1`, [attempt.id]);
      const source = settled ? 'PAYMENT_AVAILABLE' : 'PAYMENT_PENDING';
      const refundId = randomUUID();
      return idempotent(pool, req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
        const reserved = await c.query(`UPDATE payment_attempts SET refunded_amount = refunded_amount + $1::numeric, updated_at = now()
          WHERE id = $2 AND status IN ('CAPTURE_REQUESTED', 'SETTLED') AND refunded_amount + $1::numeric <= captured_amount RETURNING 'true'::jsonb`, [body.amount, attempt.id]);
        if (reserved.rowCount === 0) throw new Refused('exceeds captured amount');
        await c.query(`INSERT INTO refunds (id, account_id, payment_intent_id, payment_attempt_id, merchant_order_id, amount, currency, status, reason,
          source_purpose, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'INITIATED', $8, $9, now(), now())`,
          [refundId, who.account_id, intent.id, attempt.id, intent.merchant_order_id, body.amount, intent.currency, body.reason, source]);
        await c.query(`INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
          VALUES ($1, $2, $2, 'refund.process', $3, now() + interval '1 minute', 'PENDING', 0, now())`, [randomUUID(), who.account_id, refundId]);
        await recordEvent(c, { accountId: who.account_id, type: 'ACQUIRING', name: 'refund.create.succeeded', sourceId: refundId, data: { payment_refund_id: refundId } });
        await postEntry(c, { accountId: who.account_id, kind: 'REFUND', referenceId: refundId }, [
          { accountId: who.account_id, currency: String(intent.currency), purpose: source, amount: `-${body.amount}`, guard: true },
          { accountId: who.account_id, currency: String(intent.currency), purpose: 'REFUND_IN_FLIGHT', amount: body.amount },
        ]);
        return { payment_refund_id: refundId, refund_status: 'INITIATED' };
      });
    });
  });
}
