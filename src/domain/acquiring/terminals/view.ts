import type { PaymentTerminal } from '../../../generated/prisma/client';
import type { FirmCode } from './rules';

/** A registered terminal as both doors present it; never its PIN key. */
export interface TerminalView {
  /** payrail's terminal id (TID): what the clients call terminal_id. */
  terminalId: string;
  firmCode: FirmCode;
  firmSn: string;
  terminalModel: string;
  /** When the current PIN key expires; null until one was issued. */
  pinKeyExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const toTerminalView = (t: PaymentTerminal): TerminalView => ({
  terminalId: t.terminalId,
  firmCode: t.firmCode as FirmCode,
  firmSn: t.firmSn,
  terminalModel: t.terminalModel,
  pinKeyExpiresAt: t.pinKeyExpiresAt,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** get_pin_key's answer: the PIN key wrapped in the caller's AES key, never in clear. */
export interface TerminalPinKeyView {
  terminalId: string;
  /** base64 of nonce || AES-GCM ciphertext || tag (pin-keys.ts). */
  encryptPinKey: string;
  pinKeyExpiresAt: Date;
}
