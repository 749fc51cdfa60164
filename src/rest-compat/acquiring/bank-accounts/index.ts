import { restArea } from '../../area';
import { toRestBankAccount } from './present';
import { registerBankAccountRoutes } from './routes';

/** The bank-accounts area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerBankAccountRoutes], presenters: { bank_account: toRestBankAccount } });
