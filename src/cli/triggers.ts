import { randomInt, randomUUID } from 'node:crypto';
import type { EventName } from '../platform/events/catalogue';
import { field, type JsonObject, type PayrailApi } from './api';
import { CliFailure } from './errors';

/** What a trigger made: labelled ids, printed one a line, and a note on events that follow later. */
export interface TriggerResult {
  created: [label: string, id: string][];
  note?: string;
}

type Recipe = (api: PayrailApi) => Promise<TriggerResult>;

// The bodies a caller would send; amounts are small so a wallet funded once lasts many triggers.
const BENEFICIARY = {
  entity_type: 'COMPANY',
  company_name: 'Acme Supplies (payrail cli)',
  address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
  payment_method: 'LOCAL',
  bank_details: {
    bank_name: 'First Bank', bank_address: '1 Wall St', bank_country_code: 'US', account_holder: 'Acme Supplies Inc',
    account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021',
  },
};

// SI1 takes the amount as a JSON number (the provider's type), unlike the decimal strings elsewhere.
const depositBody = (amount: number, swift = 'HSBCHKHH') => ({
  amount,
  currency: 'USD',
  sender_swift_code: swift,
  receiver_account_number: 'ACC123456',
  sender_account_number: '123456789',
  sender_name: 'payrail cli',
  sender_country: 'HK',
});

/** SI1, the sandbox deposit simulation: COMPLETED (credited) at once unless the swift code starts with FAIL. */
async function deposit(api: PayrailApi, amount = 1000, swift?: string): Promise<JsonObject> {
  return api.post('/v1/simulation/deposit', depositBody(amount, swift));
}

/** The account's "today" (UTC date of its clock, a sandbox test clock included): the deposit's create_time. */
const todayOf = (dep: JsonObject): string => field(dep, 'create_time').slice(0, 10);

async function beneficiary(api: PayrailApi): Promise<string> {
  return field(await api.post('/v1/beneficiaries', BENEFICIARY), 'beneficiary_id');
}

/** A funded wallet, a beneficiary and a payout whose reference picks the simulated bank's outcome. */
function payout(reference: string, note: string): Recipe {
  return async (api) => {
    const dep = await deposit(api);
    const beneficiaryId = await beneficiary(api);
    const created = await api.post('/v1/payouts', {
      currency: 'USD', amount: '10.00', purpose_code: 'WAGES_SALARY', payout_reference: reference,
      payout_date: todayOf(dep), beneficiary_id: beneficiaryId,
    });
    return {
      created: [['deposit_id', field(dep, 'deposit_id')], ['beneficiary_id', beneficiaryId], ['payout_id', field(created, 'payout_id')]],
      note,
    };
  };
}

const WORKER_NOTE = 'the worker (npm start runs it) submits the payout on its payout_date (today) and the simulated bank answers ~2 s later';

const RECIPES: Partial<Record<EventName, Recipe>> = {
  'deposit.create.succeeded': async (api) => ({ created: [['deposit_id', field(await deposit(api, 100), 'deposit_id')]] }),
  'deposit.complete.succeeded': async (api) => ({ created: [['deposit_id', field(await deposit(api, 100), 'deposit_id')]] }),
  'deposit.complete.failed': async (api) => ({
    created: [['deposit_id', field(await deposit(api, 100, 'FAILGB2L'), 'deposit_id')]],
    note: 'sender_swift_code FAIL… is the sandbox value for a returned deposit',
  }),

  'beneficiary.create.succeeded': async (api) => ({ created: [['beneficiary_id', await beneficiary(api)]] }),
  'beneficiary.update.succeeded': async (api) => {
    const id = await beneficiary(api);
    await api.post(`/v1/beneficiaries/${id}`, { nickname: 'updated by payrail cli' });
    return { created: [['beneficiary_id', id]] };
  },
  'beneficiary.delete.succeeded': async (api) => {
    const id = await beneficiary(api);
    await api.post(`/v1/beneficiaries/${id}/delete`, {});
    return { created: [['beneficiary_id', id]] };
  },

  'payout.create.succeeded': payout('payrail cli', WORKER_NOTE),
  'payout.submit.succeeded': payout('payrail cli', WORKER_NOTE),
  'payout.complete.succeeded': payout('payrail cli', WORKER_NOTE),
  'payout.submit.failed': payout('payrail cli SIMULATE-REJECTED', `SIMULATE-REJECTED in payout_reference: rejected when submitted; ${WORKER_NOTE}`),
  'payout.complete.failed': payout('payrail cli SIMULATE-FAILED', `SIMULATE-FAILED in payout_reference: returned by the bank; ${WORKER_NOTE}`),

  'conversion.create.succeeded': async (api) => {
    const dep = await deposit(api);
    const quote = await api.post('/v1/conversion/quote', { sell_currency: 'USD', buy_currency: 'EUR', sell_amount: '10.00', conversion_date: todayOf(dep) });
    const conversion = await api.post('/v1/conversion', {
      quote_id: quote.quote_id, sell_currency: quote.sell_currency, buy_currency: quote.buy_currency,
      conversion_date: quote.conversion_date, sell_amount: quote.sell_amount, buy_amount: quote.buy_amount,
    });
    return { created: [['deposit_id', field(dep, 'deposit_id')], ['quote_id', field(quote, 'quote_id')], ['conversion_id', field(conversion, 'conversion_id')]] };
  },

  'transfer.create.succeeded': async (api) => {
    const selfId = await ownAccountId(api);
    const dep = await deposit(api);
    const list = await api.get('/v1/accounts');
    const rows = Array.isArray(list.data) ? (list.data as JsonObject[]) : [];
    const sub = rows.find((r) => typeof r.account_id === 'string' && r.account_id !== selfId);
    if (!sub) {
      throw new CliFailure('a transfer needs a sub-account to send to: create one with `npm run admin -- create-sub-account --parent <your account id> --name Sub`');
    }
    const transfer = await api.post('/v1/transfer', {
      source_account_id: selfId, target_account_id: sub.account_id, currency: 'USD', amount: '10.00', reason: 'payrail cli',
    });
    return { created: [['deposit_id', field(dep, 'deposit_id')], ['transfer_id', field(transfer, 'transfer_id')]] };
  },

  'cardholder.create.succeeded': async (api) => {
    const holder = await api.post('/v1/issuing/cardholders', {
      // Email and phone are unique per account: fresh ones each run.
      email: `cli.${randomUUID().slice(0, 8)}@example.com`, first_name: 'Ada', last_name: 'Lovelace', country_code: 'SG',
      phone_number: `9${randomInt(1_000_000, 9_999_999)}`, date_of_birth: '1990-05-17',
    });
    return { created: [['cardholder_id', field(holder, 'cardholder_id')]] };
  },
};

/** The caller's own account id: the entity_id claim of its access token. */
async function ownAccountId(api: PayrailApi): Promise<string> {
  const token = await api.accessToken();
  const payload = token.split('.')[1];
  const claims = payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { entity_id?: unknown }) : {};
  if (typeof claims.entity_id !== 'string') throw new CliFailure('cannot tell the account of these credentials');
  return claims.entity_id;
}

export const SUPPORTED_TRIGGERS = Object.keys(RECIPES).sort() as EventName[];

export function recipeFor(name: string): Recipe | undefined {
  return Object.hasOwn(RECIPES, name) ? RECIPES[name as EventName] : undefined;
}
