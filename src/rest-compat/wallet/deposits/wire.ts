import { depositFilter } from '../../../domain/wallet/deposits/queries';
import { simulateDepositCommand } from '../../../domain/wallet/deposits/rules';
import { wireCommand } from '../../shared/command';

/** SI1's body: snake_case, the amount a JSON number (spec 4.5). */
export const simulateDepositWire = wireCommand(simulateDepositCommand('number'));

/** BT4's query string. */
export const depositFilterWire = wireCommand(depositFilter);
