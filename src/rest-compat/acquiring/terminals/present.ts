import type { z } from 'zod';
import type { TerminalPinKeyView, TerminalView } from '../../../domain/acquiring/terminals/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restTerminal, restTerminalPinKey } from './schemas';

/** YYYY-MM-DD HH:MM:SS in UTC. */
const terminalTime = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

export const toRestTerminal = (t: TerminalView): z.input<typeof restTerminal> => ({
  terminal_id: t.terminalId,
  firm_code: t.firmCode,
  firm_sn: t.firmSn,
  terminal_model: t.terminalModel,
  create_time: terminalTime(t.createdAt),
  pin_key_expire: isoOrNull(t.pinKeyExpiresAt),
});

export const toRestTerminalPinKey = (k: TerminalPinKeyView): z.input<typeof restTerminalPinKey> => ({
  terminal_id: k.terminalId,
  encrypt_pin_key: k.encryptPinKey,
  pin_key_expire: iso(k.pinKeyExpiresAt),
});
