import { restArea } from '../../area';
import { bankAccountEnvelopes } from './errors';
import { toRestBankAccount } from './present';
import { registerBankAccountRoutes } from './routes';

/** The bank-accounts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: bankAccountEnvelopes, routes: [registerBankAccountRoutes], presenters: { bank_account: toRestBankAccount } });
