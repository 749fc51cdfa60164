import { fundingCommand, issuingTransactionFilter } from '../../../domain/issuing/balances/rules';
import { wireCommand } from '../../shared/command';

/** transfer_in / transfer_out's body. */
export const fundingWire = wireCommand(fundingCommand);

/** CI21's query string: the filter's members in snake_case. */
export const issuingTransactionFilterWire = wireCommand(issuingTransactionFilter);
