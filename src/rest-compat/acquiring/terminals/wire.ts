import { pinKeyCommand, registerTerminalCommand } from '../../../domain/acquiring/terminals/rules';
import { wireCommand } from '../../shared/command';

/** payment.terminals.register: the command's members in snake_case. */
export const registerTerminalWire = wireCommand(registerTerminalCommand);

/** payment.terminals.get_pin_key: the command's members in snake_case. */
export const pinKeyWire = wireCommand(pinKeyCommand);
