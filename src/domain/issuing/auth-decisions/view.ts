import type { AuthDecisionConfig } from '../../../generated/prisma/client';
import type { TimeoutStrategy } from './rules';

/**
 * An account's authorization decision configuration as both doors present it, with payrail's own
 * public key (of the account's tree) that the customer encrypts its answers to. An account that never
 * configured one answers `enabled: false` with nulls, and still gets payrail's key.
 */
export interface AuthDecisionConfigView {
  url: string | null;
  publicKey: string | null;
  timeoutStrategy: TimeoutStrategy | null;
  enabled: boolean;
  payrailPublicKey: string;
  updatedAt: Date | null;
}

export const toAuthDecisionConfigView = (row: AuthDecisionConfig | null, payrailPublicKey: string): AuthDecisionConfigView => ({
  url: row?.url ?? null,
  publicKey: row?.publicKey ?? null,
  timeoutStrategy: (row?.timeoutStrategy as TimeoutStrategy | undefined) ?? null,
  enabled: row?.enabled ?? false,
  payrailPublicKey,
  updatedAt: row?.updatedAt ?? null,
});
