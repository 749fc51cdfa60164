import { z } from 'zod';
import { TIMEOUT_STRATEGIES } from '../../../domain/issuing/auth-decisions/rules';
import { dateTime } from '../../shared/wire';

/** POST and GET /v1/issuing/auth_decision (docs/auth-decision.md). */
export const restAuthDecisionConfig = z
  .object({
    url: z.string().nullable(),
    public_key: z.string().nullable().describe("the customer's armored PGP public key payrail encrypts requests to"),
    timeout_strategy: z.enum(TIMEOUT_STRATEGIES).nullable().describe('what no valid answer within the deadline means: DECLINE, or DELEGATE to payrail\'s own rules'),
    enabled: z.boolean(),
    payrail_public_key: z.string().describe("payrail's armored PGP public key (one per account tree): encrypt answers to it"),
    update_time: dateTime.nullable(),
  })
  .meta({ id: 'AuthDecisionConfig' });
