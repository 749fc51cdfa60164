import { z } from 'zod';
import { sensitiveInput } from '../../../platform/validation/sensitive';

/**
 * The terminal manufacturers the official clients name by code (`firm_code`), with the names the
 * provider's POS guide gives them (GraphQL uses the names).
 */
export const FIRMS = { '01': 'SHENGBEN', '02': 'NEWLAND', '03': 'XINGUODU', '04': 'IMIN', '05': 'PAX' } as const;
export type FirmCode = keyof typeof FIRMS;
export const FIRM_CODES = Object.keys(FIRMS) as [FirmCode, ...FirmCode[]];

/** A PIN key is valid for a day: a terminal fetches a fresh one daily, as POS terminals sign on. */
export const PIN_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** AES key lengths the caller's `prv_key` may have, in hex characters (AES-128, -192, -256). */
export const PRV_KEY_HEX_LENGTHS = [32, 48, 64] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(max, { message: `must be at most ${max} characters` });

/** payment.terminals.register (RegisterTerminalParams of both clients). */
export const registerTerminalCommand = z.object({
  firmCode: z.string().pipe(z.enum(FIRM_CODES, { error: `must be one of ${FIRM_CODES.join(', ')}` })),
  // A manufacturer's serial number: letters, digits and dashes.
  firmSn: text(64).pipe(z.string().regex(/^[A-Za-z0-9-]+$/, { message: 'must be letters, digits and dashes' })),
  terminalModel: text(64),
});
export type RegisterTerminalRequest = z.output<typeof registerTerminalCommand>;

/** payment.terminals.get_pin_key (GetPinKeyParams): the terminal and the AES key to wrap the PIN key in. */
export const pinKeyCommand = z.object({
  terminalId: z.string().max(36, { message: 'must be at most 36 characters' }),
  prvKey: sensitiveInput(
    z.string().refine((k) => (PRV_KEY_HEX_LENGTHS as readonly number[]).includes(k.length) && /^[0-9A-Fa-f]+$/.test(k), {
      message: `must be an AES key in hex: ${PRV_KEY_HEX_LENGTHS.join(', ')} characters`,
    }),
  ),
});
export type PinKeyRequest = z.output<typeof pinKeyCommand>;
