import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';

/**
 * The yardstick of `npm run bench`: a bare Fastify + pg server doing the same SQL statements and the
 * same token crypto as payrail's handlers, without payrail's layers (Prisma, the route pipeline,
 * zod, presenters, Apollo). The ratio payrail/baseline is the overhead to drive down.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new Uint8Array(Buffer.from(process.env.PAYRAIL_JWT_SECRET ?? '', 'base64'));
const app = Fastify({ logger: false });

type Row = Record<string, unknown>;
const one = async (sql: string, params: unknown[] = [], client: pg.Pool | pg.PoolClient = pool): Promise<Row | undefined> =>
  (await client.query(sql, params)).rows[0] as Row | undefined;

const KEY_SQL = `SELECT k.id, k.client_id, k.api_key_hash, k.status, k.allowed_ips, k.permissions, a.id AS account_id,
  a.short_reference_id, a.parent_id, a.status AS account_status, a.business_types, a.created_at, a.is_sandbox, p.api_version
  FROM api_keys k JOIN accounts a ON a.id = k.account_id LEFT JOIN access_profiles p ON p.account_id = a.id WHERE k.client_id = $1`;

async function authenticate(token: string | undefined): Promise<Row> {
  const raw = (token ?? '').replace(/^Bearer /, '');
  const { payload } = await jwtVerify(raw, key);
  const row = await one(KEY_SQL, [payload.client_id]);
  if (!row) throw new Error('no key');
  await one('SELECT root_account_id, frozen_time FROM test_clocks WHERE root_account_id = $1', [row.parent_id ?? row.account_id]);
  return row;
}

app.post('/token', async (req) => {
  const body = req.body as { client_id: string; api_key: string };
  const row = await one(KEY_SQL, [body.client_id]);
  const hash = createHash('sha256').update(body.api_key).digest('hex');
  if (!row || row.api_key_hash !== hash) return { error: 'bad' };
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ entity_id: row.account_id, client_id: row.client_id, jti: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).setExpirationTime(iat + 1800).sign(key);
  return { auth_token: token, expired_at: iat + 1800 };
});

app.post('/viewer', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  return { data: { viewer: await one('SELECT id, name, status FROM accounts WHERE id = $1', [who.account_id]) } };
});

app.get('/balances', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const rows = await pool.query(`SELECT id, currency, purpose, balance::text FROM ledger_accounts WHERE account_id = $1 ORDER BY currency`, [who.account_id]);
  return { total_pages: 1, total_items: rows.rowCount, data: rows.rows };
});

/** The idempotent write path: advisory lock, key check, the effect, the stored response, one transaction. */
async function idempotent(idemKey: string, accountId: unknown, effect: (c: pg.PoolClient) => Promise<Row>): Promise<Row> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 4242))', [idemKey]);
    await c.query('SELECT * FROM idempotency_keys WHERE key = $1', [idemKey]);
    await c.query('SAVEPOINT w');
    const out = await effect(c);
    await c.query(`INSERT INTO idempotency_keys (key, account_id, endpoint, request_hash, response_status, response_body, created_at)
      VALUES ($1, $2, 'POST /bench', 'h', 200, $3, now())`, [idemKey, accountId, JSON.stringify(out)]);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK');
    throw e;
  } finally {
    c.release();
  }
}

app.post('/deposit', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const body = req.body as { amount: number; currency: string; sender_swift_code: string };
  return idempotent(req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
    // A sandbox deposit settles in its request: the row, both events, then the credit (wallet last).
    const id = randomUUID();
    const amount = String(body.amount);
    await c.query(`INSERT INTO deposits (id, account_id, short_reference_id, amount, currency, status, deposit_fee, sender_swift_code, created_at, updated_at, completed_at)
      VALUES ($1, $2, $3, $4, $5, 'COMPLETED', 0, $6, now(), now(), now())`, [id, who.account_id, `D${id.slice(0, 8)}`, amount, body.currency, body.sender_swift_code]);
    for (const name of ['deposit.create.succeeded', 'deposit.complete.succeeded']) {
      await c.query(`INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
        VALUES ($1, $2, 'DEPOSIT', $3, $4, '{}', now())`, [randomUUID(), who.account_id, name, id]);
    }
    const entry = randomUUID();
    await c.query(`INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, created_at) VALUES ($1, $2, 'DEPOSIT', 'DEPOSIT', $3, now())`, [entry, who.account_id, id]);
    const lines: unknown[] = [];
    for (const [purpose, signed] of [['BANK_CLEARING', `-${amount}`], ['WALLET', amount]] as const) {
      const row = await one(`INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at) VALUES ($1, $2, $3, $4, $5::numeric, now(), now())
        ON CONFLICT (account_id, currency, purpose) DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
        RETURNING id, balance::text AS balance`, [randomUUID(), who.account_id, body.currency, purpose, signed], c);
      lines.push(randomUUID(), entry, who.account_id, row!.id, body.currency, signed, row!.balance);
    }
    await c.query(`INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, now()), ($8, $9, $10, $11, $12, $13, $14, now())`, lines);
    return { deposit_id: id, deposit_status: 'COMPLETED' };
  });
});

app.post('/payout', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const body = req.body as { amount: string; currency: string; beneficiary_id: string };
  return idempotent(req.headers['x-idempotency-key'] as string, who.account_id, async (c) => {
    await c.query('SELECT * FROM beneficiaries WHERE id = $1 AND account_id = $2 AND status = $3', [body.beneficiary_id, who.account_id, 'ACTIVE']);
    const id = randomUUID();
    const entry = randomUUID();
    await c.query(`INSERT INTO journal_entries (id, account_id, kind, reference_type, reference_id, created_at) VALUES ($1, $2, 'PAYOUT', 'PAYOUT', $3, now())`, [entry, who.account_id, id]);
    for (const [purpose, amount, guard] of [['FEES', '1', false], ['PAYOUT_IN_FLIGHT', body.amount, false], ['WALLET', `-${Number(body.amount) + 1}`, true]] as const) {
      await c.query(`INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, now(), now())
        ON CONFLICT (account_id, currency, purpose) DO NOTHING`, [randomUUID(), who.account_id, body.currency, purpose]);
      const row = await one(`UPDATE ledger_accounts SET balance = balance + $1::numeric, updated_at = now() WHERE account_id = $2 AND currency = $3 AND purpose = $4
        ${guard ? 'AND balance + $1::numeric >= 0' : ''} RETURNING id, balance::text`, [amount, who.account_id, body.currency, purpose], c);
      if (!row) throw new Error('insufficient');
      await c.query(`INSERT INTO journal_lines (id, entry_id, account_id, ledger_account_id, currency, amount, balance_after, created_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, now())`, [randomUUID(), entry, who.account_id, row.id, body.currency, amount, row.balance]);
    }
    await c.query(`INSERT INTO payouts (id, account_id, short_reference_id, status, beneficiary_id, source_currency, source_amount, payout_currency, payout_amount,
      fee_amount, fee_currency, payment_method, purpose_code, payout_reference, payout_date, is_payer, created_at, updated_at)
      VALUES ($1, $2, $3, 'READY_TO_SEND', $4, $5, $6, $5, $6, 1, $5, 'LOCAL', 'WAGES_SALARY', 'bench', now()::date, false, now(), now())`,
      [id, who.account_id, `P${id.slice(0, 8)}`, body.beneficiary_id, body.currency, body.amount]);
    await c.query(`INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, created_at)
      VALUES ($1, $2, $2, 'bench.noop', $3, now() + interval '1 day', 'DONE', now())`, [randomUUID(), who.account_id, id]);
    await c.query(`INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at)
      VALUES ($1, $2, 'PAYOUT', 'payout.create.succeeded', $3, '{}', now())`, [randomUUID(), who.account_id, id]);
    return { payout_id: id, payout_status: 'READY_TO_SEND' };
  });
});

app.listen({ host: '127.0.0.1', port: 0 }).then(() => {
  const address = app.server.address();
  process.stdout.write(`BASELINE ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
