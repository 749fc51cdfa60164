import { createTransferCommand } from '../../../domain/wallet/transfers/rules';
import { transferFilter } from '../../../domain/wallet/transfers/queries';
import { wireCommand } from '../../shared/command';

/** BT6's body: the command's members in snake_case, all required. */
export const createTransferWire = wireCommand(createTransferCommand);

/** BT7's query string: the status is `transfer_status` on the wire. */
export const transferFilterWire = wireCommand(transferFilter, { names: { status: 'transfer_status' } });
