import { z } from 'zod';
import { payoutFilter } from '../../../domain/wallet/payouts/queries';
import { createPayoutCommand, DOCUMENT_TYPES, MAX_DOCUMENTS } from '../../../domain/wallet/payouts/rules';
import { wireCommand, type WireCommand } from '../../shared/command';
import { createBeneficiaryWire } from '../beneficiaries/wire';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isBlank = (v: unknown): boolean => v === '' || v === null;

/**
 * The members the official clients send as "" or null when they do not use them: every optional
 * member of PO1 but the inline beneficiary (whose own members the beneficiary rules read).
 */
const BLANK_IS_ABSENT = [
  'payoutReference', 'reference', 'payoutReason', 'feePaidBy', 'payoutDate', 'quoteId', 'payoutCurrency', 'payoutAmount',
  'beneficiaryId', 'isPayer', 'payerId', 'documentation', 'sourceCurrency',
];

const command = wireCommand(createPayoutCommand, { yesNo: ['isPayer'], nested: ['documentation'], blankIsAbsent: BLANK_IS_ABSENT });

/** A documentation entry's members sent as "" or null are not sent either. */
function withoutBlankEntryMembers(documentation: unknown): unknown {
  if (!Array.isArray(documentation)) return documentation;
  return documentation.map((entry) => (isObject(entry) ? Object.fromEntries(Object.entries(entry).filter(([, v]) => !isBlank(v))) : entry));
}

/**
 * PO1's body: snake_case, is_payer "Y"/"N", "" or null for an optional member not used (in the
 * documentation entries too), and an inline beneficiary in PO4's wire form.
 */
export const createPayoutWire: WireCommand = {
  names: command.names,
  schema: (command.schema as z.ZodObject).extend({
    is_payer: z.enum(['Y', 'N']).optional(),
    documentation: z
      .array(z.object({ type: z.enum(DOCUMENT_TYPES).optional(), file: z.string().optional(), file_id: z.string().optional() }))
      .max(MAX_DOCUMENTS)
      .optional(),
  }),
  toCommand(body) {
    if (!isObject(body)) return body;
    const wire = 'documentation' in body ? { ...body, documentation: withoutBlankEntryMembers(body.documentation) } : body;
    const out = command.toCommand(wire) as Json;
    if ('beneficiary' in out) out.beneficiary = createBeneficiaryWire.toCommand(out.beneficiary);
    return out;
  },
};

/** PO2's query string: the status is `payout_status` on the wire. */
export const payoutFilterWire = wireCommand(payoutFilter, { names: { status: 'payout_status' } });
