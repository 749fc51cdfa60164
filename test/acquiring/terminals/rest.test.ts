import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { merchant } from '../payments/fixtures';
import { prvKey, registerBody, registered, unwrapPinKey } from './fixtures';
import { deliveredData } from '../../support/events';

/**
 * The official clients' payment.terminals: POST /v2/terminal/register and POST /v2/terminal/getPinKey
 * (RegisterTerminalParams {firm_code 01-05, firm_sn, terminal_model}; GetPinKeyParams {terminal_id,
 * prv_key}; GetPinKeyResponse {encrypt_pin_key, pin_key_expire, terminal_id}).
 */
let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await merchant(t, 'POS shop'));
});
afterAll(() => t.close());

describe('register', () => {
  it('gives the terminal a terminal_id and answers create_time as the provider writes it', async () => {
    const body = registerBody({ firm_code: '05', terminal_model: 'PAX A920' });
    const res = await c.post('/v2/terminal/register', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      terminal_id: expect.stringMatching(/^1\d{7}$/),
      firm_code: '05',
      firm_sn: body.firm_sn,
      terminal_model: 'PAX A920',
      create_time: '2026-11-21 10:00:00',
      pin_key_expire: null,
    });
    const event = await t.db.prisma.outboxEvent.findFirst({ where: { accountId, eventName: 'terminal.register.succeeded' } });
    expect({ ...event, data: deliveredData(event!) }).toMatchObject({ eventType: 'ACQUIRING', data: res.body });
  });

  it('answers the same registration for the same serial (a retry makes no second terminal), and refuses it as another model', async () => {
    const first = await registered(c, { firm_sn: 'SN-RETRY-1' });
    const again = await c.post('/v2/terminal/register', registerBody({ firm_sn: 'SN-RETRY-1' }));
    expect(again.body).toEqual(first);
    expect(await t.db.prisma.paymentTerminal.count({ where: { firmSn: 'SN-RETRY-1' } })).toBe(1);
    const other = await c.post('/v2/terminal/register', registerBody({ firm_sn: 'SN-RETRY-1', terminal_model: 'P2000' }));
    expect(other.body).toEqual({ code: 400, message: "Invalid value for field 'firm_sn': this terminal is registered already, as terminal_model 'P1000'" });
    // Another manufacturer's terminal may carry the same serial.
    expect((await registered(c, { firm_sn: 'SN-RETRY-1', firm_code: '01' })).terminal_id).not.toBe(first.terminal_id);
  });

  it.each([
    [{ firm_code: '06' }, "Invalid value for field 'firm_code': must be one of 01, 02, 03, 04, 05"],
    [{ firm_code: 3 }, "Invalid type for field 'firm_code'"],
    [{ firm_sn: undefined }, "Field 'firm_sn' is required"],
    [{ firm_sn: 'SN 1' }, "Invalid value for field 'firm_sn': must be letters, digits and dashes"],
    [{ terminal_model: '' }, "Invalid value for field 'terminal_model': must not be empty"],
    [{ terminal_model: 'x'.repeat(65) }, "Invalid value for field 'terminal_model': must be at most 64 characters"],
  ])('refuses %j', async (extra, message) => {
    const res = await c.post('/v2/terminal/register', registerBody(extra));
    expect(res.body).toEqual({ code: 400, message });
  });

  it('requires x-client-id, as every payment resource', async () => {
    const res = await c.withHeaders({ 'x-client-id': '' }).post('/v2/terminal/register', registerBody());
    expect([res.status, res.body]).toEqual([403, { code: 403, message: 'x-client-id or email cannot be empty' }]);
  });
});

describe('getPinKey', () => {
  it("answers the PIN key wrapped in the caller's key, valid a day, marked no-store, kept only sealed", async () => {
    const terminal = await registered(c);
    const key = prvKey();
    const res = await c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: key });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ terminal_id: terminal.terminal_id, encrypt_pin_key: expect.any(String), pin_key_expire: '2026-11-22T10:00:00.000Z' });
    const pinKey = unwrapPinKey(res.body.encrypt_pin_key, key);
    expect(pinKey).toMatch(/^[0-9A-F]{32}$/);
    const row = (await t.db.prisma.paymentTerminal.findFirst({ where: { terminalId: terminal.terminal_id, accountId } }))!;
    expect(row.pinKeySealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(pinKey);
    // The client's fresh x-idempotency-key stores nothing: the answer is never kept in clear.
    expect(await t.db.prisma.idempotencyKey.count({ where: { endpoint: { contains: 'getPinKey' } } })).toBe(0);
    const event = await t.db.prisma.outboxEvent.findFirst({ where: { accountId, eventName: 'terminal.pin_key_issue.succeeded', sourceId: row.id } });
    expect(deliveredData(event!)).toMatchObject({ terminal_id: terminal.terminal_id, pin_key_expire: '2026-11-22T10:00:00.000Z' });
    expect(JSON.stringify(event?.data)).not.toContain(pinKey);
    expect(JSON.stringify(deliveredData(event!))).not.toContain(pinKey);
    expect(t.rawLogs.join('\n')).not.toContain(key);
  });

  it('answers the same key while it is valid, under any AES key length, and a new one once it expired', async () => {
    const m = await merchant(t, 'POS shop with a clock');
    const terminal = await registered(m.c);
    const k256 = prvKey(32);
    const k128 = prvKey(16);
    const first = unwrapPinKey((await m.c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: k256 })).body.encrypt_pin_key, k256);
    await advance(m.c, 24 * 3600 - 1);
    const same = await m.c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: k128 });
    expect(unwrapPinKey(same.body.encrypt_pin_key, k128)).toBe(first);
    await advance(m.c, 1);
    const renewed = await m.c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: k256 });
    expect(unwrapPinKey(renewed.body.encrypt_pin_key, k256)).not.toBe(first);
    expect(renewed.body.pin_key_expire).toBe('2026-11-23T10:00:00.000Z');
    expect(await t.db.prisma.outboxEvent.count({ where: { accountId: m.id, eventName: 'terminal.pin_key_issue.succeeded' } })).toBe(2);
  });

  it.each([
    [{ prv_key: 'not hex at all, not hex at all, ok' }, "Invalid value for field 'prv_key': must be an AES key in hex: 32, 48, 64 characters"],
    [{ prv_key: 'ab'.repeat(15) }, "Invalid value for field 'prv_key': must be an AES key in hex: 32, 48, 64 characters"],
    [{ prv_key: undefined }, "Field 'prv_key' is required"],
    [{ terminal_id: undefined }, "Field 'terminal_id' is required"],
  ])('refuses %j', async (extra, message) => {
    const terminal = await registered(c);
    const res = await c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: prvKey(), ...extra });
    expect(res.body).toEqual({ code: 400, message });
  });

  it("answers another account's terminal exactly as an unknown one", async () => {
    const theirs = await registered((await merchant(t, 'Other POS shop')).c);
    const unknown = await c.post('/v2/terminal/getPinKey', { terminal_id: '19999999', prv_key: prvKey() });
    const foreign = await c.post('/v2/terminal/getPinKey', { terminal_id: theirs.terminal_id, prv_key: prvKey() });
    expect(unknown.body).toEqual({ code: 400, message: "Invalid value for field 'terminal_id': no such terminal" });
    expect(foreign.body).toEqual(unknown.body);
  });
});
