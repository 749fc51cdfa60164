import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parse } from 'graphql';
import { startTestApp, type TestApp } from '../../support/app';
import { emitCreate, hooked, pumpOnce, type Hooked } from './harness';
import type { Receiver } from './receiver';

/**
 * A webhook is a request payrail sends on a tenant's behalf: the tenant learns the status code and
 * the class of a failure, never the receiver's answer nor the socket's error (which would make
 * payrail a reader of internal services and a port scanner).
 */
let t: TestApp;
const receivers: Receiver[] = [];
const track = (h: Hooked): Hooked => (receivers.push(h.receiver), h);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

const deliveriesOf = (h: Hooked) => h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 });

describe("what a tenant sees of a delivery's attempt", () => {
  it("a non-2xx answer: its status and non_2xx, never its body, in REST and in the database", async () => {
    const h = track(await hooked(t, { name: 'Answer body' }));
    h.receiver.script = [500];
    await emitCreate(h.c);
    await pumpOnce(t);
    const list = await deliveriesOf(h);
    const [d] = list.body.data;
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: 500, last_error: 'non_2xx' });
    expect(Object.keys(d)).not.toContain('last_answer');
    expect(list.raw).not.toContain('answer 500');
    const { rows } = await t.db.pool.query(`SELECT * FROM webhook_deliveries WHERE id = $1`, [d.webhook_delivery_id]);
    expect(JSON.stringify(rows[0])).not.toContain('answer 500');
  });

  it('GraphQL has no field for an answer body', async () => {
    const h = track(await hooked(t, { name: 'GraphQL answer' }));
    const res = await h.c.gql(parse('query { webhookDeliveries(first: 1) { edges { node { lastAnswer } } } }'), {});
    expect(res.errors?.[0]?.message).toMatch(/Cannot query field "lastAnswer"/);
  });

  it("a closed port: refused, never the socket's words (no errno, address or port)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const h = track(await hooked(t, { name: 'Closed port' }));
    expect((await h.c.post(`/v1/webhooks/endpoints/${h.endpointId}`, { url: `http://127.0.0.1:${port}/hook` })).status).toBe(200);
    await emitCreate(h.c);
    await pumpOnce(t);
    const list = await deliveriesOf(h);
    expect(list.body.data[0]).toMatchObject({ attempts: 1, last_status_code: null, last_error: 'refused' });
    expect(list.raw).not.toMatch(/ECONNREFUSED|connect /);
    expect(list.raw).not.toContain(`127.0.0.1:${port}`);
  });
});

describe('the migration that hid answers', () => {
  it('reduced the texts stored before to their class', async () => {
    const h = track(await hooked(t, { name: 'Migrated' }));
    await emitCreate(h.c);
    await pumpOnce(t);
    const [d] = (await deliveriesOf(h)).body.data;
    const sql = fs.readFileSync(path.resolve(__dirname, '../../../prisma/migrations/20261129100000_outbound_answers_hidden/migration.sql'), 'utf8');
    const rewrite = sql.slice(sql.indexOf('UPDATE "webhook_deliveries"'));
    const before: [string, string][] = [
      ['answered 500', 'non_2xx'],
      ['refused_address: localhost resolves to 127.0.0.1, which is not a public address', 'refused_address'],
      ['timeout: no answer within 10000 ms', 'timeout'],
      ['bad_url: not a URL: x', 'bad_url'],
      ['network: connect ECONNREFUSED 10.0.0.7:5432', 'refused'],
      ['network: getaddrinfo ENOTFOUND db.internal', 'dns'],
      ['network: getaddrinfo EAI_AGAIN db.internal', 'dns'],
      ['network: self-signed certificate', 'tls'],
      ['network: socket hang up', 'network'],
      ['outbox event 1 is gone', 'internal_error'],
      ['non_2xx', 'non_2xx'],
    ];
    for (const [old, now] of before) {
      await t.db.pool.query('UPDATE webhook_deliveries SET last_error = $2 WHERE id = $1', [d.webhook_delivery_id, old]);
      await t.db.pool.query(rewrite);
      const { rows } = await t.db.pool.query<{ last_error: string }>('SELECT last_error FROM webhook_deliveries WHERE id = $1', [d.webhook_delivery_id]);
      expect([old, rows[0]!.last_error]).toEqual([old, now]);
    }
  });
});
