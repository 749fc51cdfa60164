import { print } from 'graphql';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { RegisterTerminalDocument, TerminalDocument, TerminalPinKeyDocument, TerminalsDocument } from '../../support/graphql.generated';
import { merchant } from '../payments/fixtures';
import { prvKey, unwrapPinKey } from './fixtures';

/** payment.terminals over GraphQL: the same services and rules as REST, and the account's terminals. */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await merchant(t, 'GraphQL POS shop'));
});
afterAll(() => t.close());

describe('GraphQL terminals', () => {
  it('registers with the manufacturer by name, lists and finds it, as REST sees it', async () => {
    const made = await c.gql(RegisterTerminalDocument, { input: { firmCode: 'PAX', firmSn: 'GQL-SN-1', terminalModel: 'A920' } });
    expect(made.errors).toBeUndefined();
    const terminal = made.data!.registerTerminal.terminal!;
    expect(terminal).toMatchObject({ firmCode: 'PAX', firmSn: 'GQL-SN-1', terminalModel: 'A920', pinKeyExpire: null, createdAt: '2026-11-21T10:00:00.000Z' });
    const rest = await c.post('/v2/terminal/register', { firm_code: '05', firm_sn: 'GQL-SN-1', terminal_model: 'A920' });
    expect(rest.body).toMatchObject({ terminal_id: terminal.terminalId, firm_code: '05' });
    expect((await c.gql(TerminalDocument, { terminalId: terminal.terminalId })).data!.terminal).toEqual(terminal);
    const list = (await c.gql(TerminalsDocument, { first: 10 })).data!.terminals;
    expect(list.totalCount).toBe(1);
    expect(list.edges[0]!.node).toEqual(terminal);
  });

  it('hands out the PIN key wrapped in prvKey, marked no-store, and names fields as GraphQL does', async () => {
    const terminal = (await c.gql(RegisterTerminalDocument, { input: { firmCode: 'NEWLAND', firmSn: 'GQL-SN-2', terminalModel: 'N910' } })).data!.registerTerminal.terminal!;
    const key = prvKey(24);
    const res = await t.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-auth-token': `Bearer ${c.token}` },
      payload: { query: print(TerminalPinKeyDocument), variables: { input: { terminalId: terminal.terminalId, prvKey: key } } },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = (res.json() as { data: { terminalPinKey: { terminalPinKey: { encryptPinKey: string; pinKeyExpire: string } } } }).data.terminalPinKey.terminalPinKey!;
    expect(unwrapPinKey(answer.encryptPinKey, key)).toMatch(/^[0-9A-F]{32}$/);
    expect(answer.pinKeyExpire).toBe('2026-11-22T10:00:00.000Z');
    const bad = await c.gql(TerminalPinKeyDocument, { input: { terminalId: terminal.terminalId, prvKey: 'zz' } });
    expect(bad.data!.terminalPinKey.userErrors[0]).toMatchObject({ message: "Invalid value for field 'prvKey': must be an AES key in hex: 32, 48, 64 characters", field: ['input', 'prvKey'] });
    const unknown = await c.gql(TerminalDocument, { terminalId: '19999999' });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data!.terminal).toBeNull();
    const listed = await c.gql(TerminalsDocument, { first: 10 });
    expect(listed.data!.terminals.edges.find((e) => e.node.terminalId === terminal.terminalId)!.node.pinKeyExpire).toBe('2026-11-22T10:00:00.000Z');
  });

  it('shows another tenant none of the terminals', async () => {
    const other = await merchant(t, 'Outsider POS');
    expect((await other.c.gql(TerminalsDocument, { first: 10 })).data!.terminals.totalCount).toBe(0);
  });
});
