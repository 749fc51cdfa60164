import { startTestApp, type TestApp } from '../../support/app';
import { merchant } from '../payments/fixtures';
import { prvKey, registerBody, registered, unwrapPinKey } from './fixtures';
import { deliveredData } from '../../support/events';

/** Terminals under concurrency: one registration per serial, one PIN key per validity. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('registers a serial sent ten times at once as one terminal, answering all ten with it', async () => {
  const { c } = await merchant(t, 'Racing registrations');
  const body = registerBody({ firm_sn: 'RACE-SERIAL-1' });
  const replies = await Promise.all(Array.from({ length: 10 }, () => c.post('/v2/terminal/register', body)));
  expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(new Set(replies.map((r) => r.body.terminal_id)).size).toBe(1);
  expect(await t.db.prisma.paymentTerminal.count({ where: { firmSn: 'RACE-SERIAL-1' } })).toBe(1);
  expect((await t.db.prisma.outboxEvent.findMany({ where: { eventName: 'terminal.register.succeeded' } })).filter((e) => (deliveredData(e) as { firm_sn?: string }).firm_sn === 'RACE-SERIAL-1').length).toBe(1);
});

it('issues one PIN key to ten concurrent first requests', async () => {
  const { c, id } = await merchant(t, 'Racing keys');
  const terminal = await registered(c);
  const keys = Array.from({ length: 10 }, () => prvKey());
  const replies = await Promise.all(keys.map((k) => c.post('/v2/terminal/getPinKey', { terminal_id: terminal.terminal_id, prv_key: k })));
  const pinKeys = replies.map((r, i) => unwrapPinKey(r.body.encrypt_pin_key, keys[i]!));
  expect(new Set(pinKeys).size).toBe(1);
  expect(await t.db.prisma.outboxEvent.count({ where: { accountId: id, eventName: 'terminal.pin_key_issue.succeeded' } })).toBe(1);
});
