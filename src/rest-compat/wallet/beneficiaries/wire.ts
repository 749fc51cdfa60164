import { z } from 'zod';
import {
  additionalInfo,
  addressMembers,
  bankDetailsMembers,
  beneficiaryFilter,
  beneficiaryMembers,
  checkBeneficiaryMembers,
  updateBeneficiaryCommand,
} from '../../../domain/wallet/beneficiaries/rules';
import { wireCommand, type WireCommand } from '../../shared/command';
import { snakeCase } from '../../../platform/names';


/** An object schema under its members' wire names (snake_case), for the OpenAPI document. */
const wireObject = (members: z.ZodObject): z.ZodObject =>
  z.object(Object.fromEntries(Object.entries(members.shape).map(([name, s]) => [snakeCase(name), s as z.ZodType])));

/** spec 2.12's nested objects as the wire writes them. */
const nestedWire = {
  bank_details: wireObject(bankDetailsMembers),
  address: wireObject(addressMembers).optional(),
  additional_info: wireObject(additionalInfo).optional(),
};

/** The members holding spec 2.12's nested objects, whose own members are snake_case on the wire. */
const NESTED = ['bankDetails', 'address', 'additionalInfo'];

const base = wireCommand(beneficiaryMembers, { nested: NESTED });

/** PO4's body (also a payout's inline `beneficiary`): snake_case at every depth. */
export const createBeneficiaryWire: WireCommand = {
  ...base,
  schema: (base.schema as z.ZodObject).extend(nestedWire),
};

/** PO7's body: any subset of PO4's members, null clearing one; the domain checks the merged whole. */
export const updateBeneficiaryWire: WireCommand = { ...base, schema: updateBeneficiaryCommand };

const check = wireCommand(checkBeneficiaryMembers, { nested: ['additionalInfo'] });

/** PO9's body. */
export const checkBeneficiaryWire: WireCommand = {
  ...check,
  schema: (check.schema as z.ZodObject).extend({ additional_info: nestedWire.additional_info }),
};

/** PO5's query string. */
export const beneficiaryFilterWire = wireCommand(beneficiaryFilter);
