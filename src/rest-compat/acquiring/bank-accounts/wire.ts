import { createBankAccountCommand, updateBankAccountCommand } from '../../../domain/acquiring/bank-accounts/rules';
import { wireCommand } from '../../shared/command';

/** BA1's body: the command's members in snake_case; members it does not name are ignored. */
export const createBankAccountWire = wireCommand(createBankAccountCommand, { id: 'CreateBankAccountRequest' });

/** BA4's body: the same members, each optional but the account's rules re-checked. */
export const updateBankAccountWire = wireCommand(updateBankAccountCommand, { id: 'UpdateBankAccountRequest' });
