import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { CREATE_BASELINE_OUTBOX, one, type Row } from './baseline-sql';
import { registerBaselineWrites } from './baseline-writes';
// payment acceptance (issue 8)
import { registerBaselinePayments } from './baseline-payments';
// card authorizations (issue 9)
import { registerBaselineCards } from './baseline-cards';

/**
 * The yardstick of `npm run bench`: a bare Fastify + pg server doing the same SQL statements and the
 * same token crypto as payrail's handlers, without payrail's layers (Prisma, the route pipeline,
 * zod, presenters, Apollo). The ratio payrail/baseline is the overhead to drive down. The statements
 * are the ones payrail's paths send today (read from PostgreSQL's log_statement=all); when a path's
 * SQL changes, its handler here follows, or the ratio stops meaning "same SQL".
 */
// Dates as their text (YYYY-MM-DD), not a Date at local midnight: a quote's conversion_date goes back into a row.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new Uint8Array(Buffer.from(process.env.PAYRAIL_JWT_SECRET ?? '', 'base64'));
const app = Fastify({ logger: false });

/** payrail's one authentication statement: the key, its account, the access profile and the tree's test clock. */
const KEY_SQL = `SELECT k.id, k.account_id, k.client_id, k.api_key_hash, k.status, k.expires_at, k.allowed_ips, k.permissions,
  a.short_reference_id, a.parent_id, a.status AS account_status, a.business_types, a.created_at AS account_created_at, a.is_sandbox,
  p.api_version, c.frozen_time
  FROM api_keys k JOIN accounts a ON a.id = k.account_id LEFT JOIN access_profiles p ON p.account_id = a.id
  LEFT JOIN test_clocks c ON c.root_account_id = coalesce(a.parent_id, a.id)
  WHERE k.client_id = $1`;

async function authenticate(token: string | undefined): Promise<Row> {
  const raw = (token ?? '').replace(/^Bearer /, '');
  const { payload } = await jwtVerify(raw, key);
  const row = await one(pool, KEY_SQL, [payload.client_id]);
  if (!row) throw new Error('no key');
  return row;
}

app.post('/token', async (req) => {
  const body = req.body as { client_id: string; api_key: string };
  const row = await one(pool, KEY_SQL, [body.client_id]);
  const hash = createHash('sha256').update(body.api_key).digest('hex');
  if (!row || row.api_key_hash !== hash) return { error: 'bad' };
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ entity_id: row.account_id, client_id: row.client_id, jti: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).setExpirationTime(iat + 1800).sign(key);
  return { auth_token: token, expired_at: iat + 1800 };
});

app.post('/viewer', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const viewer = await one(pool, `SELECT id, short_reference_id, parent_id, name, entity_type, business_types, status, verification_status,
    is_sandbox, created_at, updated_at FROM accounts WHERE id = $1 AND (id = $2 OR parent_id = $3) LIMIT 1`, [who.account_id, who.account_id, who.account_id]);
  return { data: { viewer: { id: viewer?.id, name: viewer?.name, status: viewer?.status } } };
});

app.get('/balances', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const rows = await pool.query(`SELECT id, currency, purpose, balance::text, created_at, updated_at FROM ledger_accounts
    WHERE account_id = $1 AND purpose IN ('WALLET', 'PAYOUT_IN_FLIGHT') ORDER BY currency`, [who.account_id]);
  return { total_pages: 1, total_items: rows.rowCount, data: rows.rows };
});

/**
 * GraphQL payouts(first: 50) with each payout's beneficiary: the page and its count in parallel
 * (two pool connections, as Prisma sends them), then one batched read of the beneficiaries (the
 * DataLoader's), answered in the shape of the GraphQL result.
 */
app.post('/payouts', async (req) => {
  const who = await authenticate(req.headers['x-auth-token'] as string);
  const [page, count] = await Promise.all([
    pool.query(`SELECT * FROM payouts WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [who.account_id, 50, 0]),
    pool.query(`SELECT count(*) AS n FROM (SELECT id FROM payouts WHERE account_id = $1 OFFSET $2) AS sub`, [who.account_id, 0]),
  ]);
  const ids = [...new Set(page.rows.map((p: Row) => p.beneficiary_id))];
  const beneficiaries = await pool.query(`SELECT * FROM beneficiaries WHERE id = ANY($1::uuid[]) AND account_id = $2`, [ids, who.account_id]);
  const byId = new Map(beneficiaries.rows.map((b: Row) => [b.id, b]));
  return {
    data: {
      payouts: {
        totalCount: Number(count.rows[0]?.n),
        edges: page.rows.map((p: Row) => ({ node: { ...p, beneficiary: byId.get(p.beneficiary_id) ?? null } })),
      },
    },
  };
});

registerBaselineWrites(app, pool, authenticate);
// payment acceptance (issue 8)
registerBaselinePayments(app, pool, authenticate);
// card authorizations (issue 9)
registerBaselineCards(app, pool, authenticate);

void pool.query(CREATE_BASELINE_OUTBOX).then(() => app.listen({ host: '127.0.0.1', port: 0 })).then(() => {
  const address = app.server.address();
  process.stdout.write(`BASELINE ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
