import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { fundWallet } from '../support/ledger';
import { advance } from '../support/sandbox';
import { createHolder } from '../issuing/cardholders/fixtures';
import { plastic, productOf } from '../issuing/cards/fixtures';
import { freshSandbox } from './sandbox';
import { replayedEveryMethod, Sdk } from './sdk';
import {
  activateCardResponse,
  card,
  cardArtListResponse,
  cardOrderResponse,
  cardRechargeWithdrawResponse,
  createCardResponse,
  elevateLimitResponse,
  manageCardPinResponse,
  networkProtectionResponse,
  networkProtectionResponsePython,
  paginated,
  panTokenResponse,
  resetPinResponse,
  secureCardDetails,
  setDefaultCardArtResponse,
  updateCardStatusResponse,
} from './types/issuing-cards';

/**
 * The official clients' card methods (issuing.cards.*), each sent as the client sends it
 * (test/clients/sdk.ts) on a fresh sandbox, with the clients' field names: the Python TypedDicts'
 * and the Node types' and tests' bodies.
 */
let t: TestApp;
let c: Client;
const sdks = {} as Record<'node' | 'python', Sdk>;

beforeAll(async () => {
  t = await startTestApp();
  const creds = await freshSandbox(t);
  sdks.node = await Sdk.connect(t, 'node', creds);
  sdks.python = await Sdk.connect(t, 'python', creds);
  c = await clientOf(t, creds);
  // The issuing balances, funded as the other issuing tests fund them: a wallet deposit, then payrail's transfer_in.
  for (const currency of ['USD', 'SGD']) {
    await fundWallet(t.services, creds.accountId, currency, '5000.00');
    const res = await c.post('/v1/issuing/balances/transfer_in', { currency, amount: 2000 });
    if (res.status !== 200) throw new Error(res.raw);
  }
});
afterAll(() => t.close());

const name = (sdk: 'node' | 'python', node: string, python: string) => (sdk === 'node' ? node : python);

describe.each(['node', 'python'] as const)('%s client: issuing.cards', (sdk) => {
  let single: string;
  let share: string;

  beforeAll(async () => {
    const caller = sdks[sdk];
    const holder = await createHolder(c);
    // CreateCardParams, as typed: a SINGLE card funded by its card_limit, with controls and metadata.
    const created = await caller.call(
      'issuing.cards.create',
      {
        body: {
          card_currency: 'USD',
          cardholder_id: holder.cardholder_id,
          card_product_id: await productOf(c, '491090'),
          card_limit: 50,
          spending_controls: [{ amount: 40, interval: 'PER_TRANSACTION' }],
          risk_controls: { allow_3ds_transactions: 'Y', allowed_mcc: ['5814', '5942'], blocked_mcc: ['7995'] },
          metadata: { team: 'ops' },
          usage_type: 'NORMAL',
        },
      },
      createCardResponse,
    );
    expect(created).toMatchObject({ card_status: 'PENDING', order_status: 'PENDING' });
    single = created.card_id;
    const shared = await caller.call(
      'issuing.cards.create',
      { body: { card_currency: 'SGD', cardholder_id: holder.cardholder_id, card_product_id: await productOf(c, '428852'), card_limit: 20 } },
      createCardResponse,
    );
    share = shared.card_id;
    await advance(c, 3);
  });

  it('list and retrieve', async () => {
    const caller = sdks[sdk];
    const page = await caller.call('issuing.cards.list', { query: { page_number: 1, page_size: 20, card_status: 'ACTIVE' } }, paginated(card));
    expect(page.data.map((x) => x.card_id)).toEqual(expect.arrayContaining([single, share]));
    expect(await caller.call('issuing.cards.retrieve', { params: { id: single } }, card)).toMatchObject({ card_id: single, card_status: 'ACTIVE', mode_type: 'SINGLE', available_balance: 50 });
  });

  it('retrieveSecure, createPanToken and getSecureIframeUrl', async () => {
    const caller = sdks[sdk];
    expect(await caller.call(name(sdk, 'issuing.cards.retrieveSecure', 'issuing.cards.retrieve_secure'), { params: { id: single } }, secureCardDetails)).toMatchObject({
      card_number: expect.stringMatching(/^491090\d{10}$/),
    });
    // Both clients POST an empty object.
    for (const method of sdk === 'node' ? ['issuing.cards.createPanToken', 'issuing.cards.getSecureIframeUrl'] : ['issuing.cards.create_pan_token', 'issuing.cards.get_secure_iframe_url']) {
      expect(await caller.call(method, { params: { id: single }, body: {} }, panTokenResponse)).toMatchObject({ expires_in: 60 });
    }
  });

  it('update and updateStatus (freeze, unfreeze)', async () => {
    const caller = sdks[sdk];
    const updated = await caller.call(
      'issuing.cards.update',
      { params: { id: share }, body: { card_limit: 30, no_pin_payment_amount: 100, spending_controls: [{ amount: 25, interval: 'PER_TRANSACTION' }], metadata: { team: 'travel' } } },
      createCardResponse,
    );
    expect(updated).toMatchObject({ card_id: share, card_status: 'ACTIVE' });
    const status = name(sdk, 'issuing.cards.updateStatus', 'issuing.cards.update_status');
    expect(await caller.call(status, { params: { id: single }, body: { card_status: 'FROZEN', update_reason: 'travel' } }, updateCardStatusResponse)).toMatchObject({ card_id: single, update_reason: 'travel' });
    expect(await caller.call(status, { params: { id: single }, body: { card_status: 'ACTIVE' } }, updateCardStatusResponse)).toMatchObject({ card_id: single });
  });

  it('recharge, withdraw and retrieveOrder (by the card id, as Node passes it; by the order id, as Python does)', async () => {
    const caller = sdks[sdk];
    const recharge = await caller.call('issuing.cards.recharge', { params: { id: single }, body: { amount: 100 } }, cardRechargeWithdrawResponse);
    expect(recharge).toMatchObject({ order_type: 'RECHARGE', amount: 100, order_status: 'SUCCESS' });
    // A second later, so that the withdraw is the card's latest order.
    await advance(c, 1);
    const withdraw = await caller.call('issuing.cards.withdraw', { params: { id: single }, body: { amount: 50 } }, cardRechargeWithdrawResponse);
    expect(withdraw).toMatchObject({ order_type: 'WITHDRAW', amount: 50, order_status: 'SUCCESS' });
    const id = sdk === 'node' ? single : recharge.card_order_id;
    const order = await caller.call(name(sdk, 'issuing.cards.retrieveOrder', 'issuing.cards.retrieve_order'), { params: { id } }, cardOrderResponse);
    expect(order.card_order_id).toBe(sdk === 'node' ? withdraw.card_order_id : recharge.card_order_id);
  });

  it('elevateLimit', async () => {
    const caller = sdks[sdk];
    const res = await caller.call(name(sdk, 'issuing.cards.elevateLimit', 'issuing.cards.elevate_limit'), { params: { id: share }, body: { limit_amount: 100, duration_in_days: 3 } }, elevateLimitResponse);
    expect(res).toMatchObject({ card_id: share, order_status: 'PENDING' });
  });

  it('enrollNetworkProtection and removeNetworkProtection (DELETE with a body)', async () => {
    const caller = sdks[sdk];
    const schema = sdk === 'node' ? networkProtectionResponse : networkProtectionResponsePython;
    // Node's test enrolls with 04; Python's own test with 01.
    const code = sdk === 'node' ? '04' : '01';
    const enrolled = await caller.call(name(sdk, 'issuing.cards.enrollNetworkProtection', 'issuing.cards.enroll_network_protection'), { params: { id: share }, body: { risk_control: 'network_protection', action_code: code } }, schema);
    expect(enrolled).toMatchObject({ card_id: share, enabled: true, action_code: code });
    const removed = await caller.call(name(sdk, 'issuing.cards.removeNetworkProtection', 'issuing.cards.remove_network_protection'), { params: { id: share }, body: { risk_control: 'network_protection' } }, schema);
    expect(removed).toMatchObject({ card_id: share, enabled: false });
  });

  it('assign, activate, resetPin and managePin on a physical card', async () => {
    const caller = sdks[sdk];
    const holder = await createHolder(c);
    // The answer's extra activation_code (the sandbox hands it over with the plastic) is read as the JSON has it.
    const assigned = await caller.call('issuing.cards.assign', { body: { cardholder_id: holder.cardholder_id, card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' } }, createCardResponse.loose());
    const code = assigned.activation_code;
    expect(await caller.call('issuing.cards.activate', { body: { card_id: assigned.card_id, activation_code: code, pin: '123456' } }, activateCardResponse)).toEqual({ request_status: 'SUCCESS' });
    await advance(c, 3);
    expect(await caller.call(name(sdk, 'issuing.cards.resetPin', 'issuing.cards.reset_pin'), { body: { card_id: assigned.card_id, pin: '654321' } }, resetPinResponse)).toEqual({ request_status: 'SUCCESS' });
    // The clients' own tests set '1234'; RESET carries the current PIN.
    const managePin = name(sdk, 'issuing.cards.managePin', 'issuing.cards.manage_pin');
    expect(await caller.call(managePin, { body: { card_id: assigned.card_id, type: 'SET', pin: '1234' } }, manageCardPinResponse)).toMatchObject({ card_id: assigned.card_id });
    expect(await caller.call(managePin, { body: { card_id: assigned.card_id, type: 'RESET', pin: '5678', old_pin: '1234' } }, manageCardPinResponse)).toMatchObject({ card_id: assigned.card_id });
  });

  it('listArts and setDefaultArt', async () => {
    const caller = sdks[sdk];
    const listArts = name(sdk, 'issuing.cards.listArts', 'issuing.cards.list_arts');
    expect((await caller.call(listArts, {}, cardArtListResponse)).card_arts.length).toBeGreaterThan(0);
    const arts = await caller.call(listArts, { query: { card_product_id: await productOf(c, '428852') } }, cardArtListResponse);
    const target = arts.card_arts.find((a) => !a.is_default)!.card_art_id;
    const set = await caller.call(name(sdk, 'issuing.cards.setDefaultArt', 'issuing.cards.set_default_art'), { body: { card_art_id: target } }, setDefaultCardArtResponse);
    expect(set.default_card_art_id).toBe(target);
  });
});

replayedEveryMethod(__filename);
