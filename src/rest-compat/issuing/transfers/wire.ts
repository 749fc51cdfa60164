import { createIssuingTransferCommand } from '../../../domain/issuing/transfers/rules';
import { wireCommand } from '../../shared/command';

/** CI24's body: the command's members in snake_case. */
export const createIssuingTransferWire = wireCommand(createIssuingTransferCommand);
