import { balanceTransactionFilter } from '../../../domain/wallet/balances/rules';
import { wireCommand } from '../../shared/command';

/** BT3's query string: the status is `transaction_status` on the wire. */
export const balanceTransactionFilterWire = wireCommand(balanceTransactionFilter, { names: { status: 'transaction_status' } });
