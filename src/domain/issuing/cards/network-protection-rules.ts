import { z } from 'zod';
import type { Card } from '../../../generated/prisma/client';

/**
 * The card network's protection (the official clients' `enrollNetworkProtection` /
 * `removeNetworkProtection`, `POST` / `DELETE /v1/issuing/cards/{id}/risk`): while a card is
 * enrolled, the network itself answers its authorizations with the chosen ISO 8583 action code,
 * before the issuer sees them (simulated in card-transactions/authorize.ts: declined, the code as
 * failure_reason). The Node client types five codes; the Python client's own test enrolls with
 * `01`, so that one is taken too.
 */
export const NETWORK_ACTION_CODES = {
  '01': 'Refer to card issuer',
  '04': 'Pick up card',
  '41': 'Lost card, pick up',
  '43': 'Stolen card, pick up',
  '46': 'Closed account',
  '54': 'Expired card',
} as const;
export type NetworkActionCode = keyof typeof NETWORK_ACTION_CODES;
// In code order: Object.keys would list the integer-like codes (41, ...) before 01 and 04.
const CODES: [NetworkActionCode, ...NetworkActionCode[]] = ['01', '04', '41', '43', '46', '54'];

const riskControl = z.string().pipe(z.literal('network_protection', { error: 'must be network_protection' }));
export const enrollNetworkProtectionCommand = z.object({
  riskControl,
  actionCode: z.enum(CODES, { error: `must be one of ${CODES.join(', ')}` }),
});
export const removeNetworkProtectionCommand = z.object({ riskControl });

/** ACTIVE while a card is enrolled, INACTIVE otherwise. */
export const PROTECTION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** The card's protection as both doors present it (the clients' `NetworkProtectionResponse`). */
export interface NetworkProtectionView {
  cardId: string;
  cardNumber: string;
  cardholderId: string;
  cardScheme: string;
  enabled: boolean;
  status: (typeof PROTECTION_STATUSES)[number];
  actionCode: NetworkActionCode | null;
  definition: string | null;
  /** The last enrollment or removal; null when the card never had either. */
  updatedAt: Date | null;
}

export function toNetworkProtectionView(c: Card): NetworkProtectionView {
  const code = c.networkProtectionActionCode as NetworkActionCode | null;
  return {
    cardId: c.id,
    cardNumber: c.maskedPan,
    cardholderId: c.cardholderId,
    cardScheme: c.cardScheme,
    enabled: code !== null,
    status: code !== null ? 'ACTIVE' : 'INACTIVE',
    actionCode: code,
    definition: code !== null ? NETWORK_ACTION_CODES[code] : null,
    updatedAt: c.networkProtectionUpdatedAt,
  };
}

