import { z } from 'zod';
import { FIRM_CODES } from '../../../domain/acquiring/terminals/rules';
import { secretAnswer } from '../../../platform/validation/sensitive';
import { dateTime } from '../../shared/wire';

/** create_time as the provider's register answer writes it: YYYY-MM-DD HH:MM:SS (UTC here). */
const terminalTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe('YYYY-MM-DD HH:MM:SS (UTC)');

/** A registered terminal (RegisterTerminalResponse of the clients: terminal_id, firm_sn, create_time; and more). */
export const restTerminal = z
  .object({
    terminal_id: z.string().describe('the terminal id (TID) payrail assigned'),
    firm_code: z.enum(FIRM_CODES),
    firm_sn: z.string(),
    terminal_model: z.string(),
    create_time: terminalTime,
    pin_key_expire: dateTime.nullable().describe('when the current PIN key expires; null before the first'),
  })
  .meta({ id: 'PaymentTerminal' });

/** GetPinKeyResponse of the clients. */
export const restTerminalPinKey = z
  .object({
    terminal_id: z.string(),
    encrypt_pin_key: secretAnswer(z.string()).describe("base64 of nonce(12) || AES-GCM ciphertext || tag(16) under prv_key; the plaintext is the PIN key's 32 hex characters"),
    pin_key_expire: dateTime,
  })
  .meta({ id: 'PaymentTerminalPinKey' });
