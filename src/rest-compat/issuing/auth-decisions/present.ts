import type { z } from 'zod';
import type { AuthDecisionConfigView } from '../../../domain/issuing/auth-decisions/view';
import { isoOrNull } from '../../shared/wire';
import type { restAuthDecisionConfig } from './schemas';

export const toRestAuthDecisionConfig = (v: AuthDecisionConfigView): z.input<typeof restAuthDecisionConfig> => ({
  url: v.url,
  public_key: v.publicKey,
  timeout_strategy: v.timeoutStrategy,
  enabled: v.enabled,
  payrail_public_key: v.payrailPublicKey,
  update_time: isoOrNull(v.updatedAt),
});
