import { randomBytes } from 'node:crypto';
import { isUuid } from '../../../platform/ids/ids';
import { keyed, sameText } from './secrets';

/**
 * The sandbox's 3-D Secure. A challenge sends the customer's browser to a page payrail serves
 * itself (src/rest-compat/acquiring/payments/challenge-page.ts). The browser holds no API credentials, so the
 * link carries its own proof: the attempt id and a keyed MAC of it — unguessable without the
 * acquiring key. It is single-use because it works only while its attempt is
 * AUTHENTICATION_REDIRECTED, and completing or failing moves the attempt on.
 */
export const CHALLENGE_PATH = '/pay/3ds';

export const challengePath = (key: Buffer, attemptId: string): string =>
  `${CHALLENGE_PATH}/${attemptId}.${keyed(key, 'three-ds-challenge', attemptId)}`;

/** The attempt a challenge token names, or undefined for a token payrail did not make. */
export function attemptOfChallenge(key: Buffer, token: string): string | undefined {
  const [attemptId, mac, ...rest] = token.split('.');
  if (rest.length || !attemptId || !mac || !isUuid(attemptId)) return undefined;
  return sameText(mac, keyed(key, 'three-ds-challenge', attemptId)) ? attemptId : undefined;
}

export type ThreeDsOutcome = 'frictionless' | 'challenge_pending' | 'challenge_completed' | 'challenge_failed';

/** three_ds_authentication_status: Y authenticated, C a challenge is pending, N the challenge failed. */
export const THREE_DS_AUTHENTICATION_STATUSES = ['Y', 'C', 'N'] as const;
const AUTHENTICATION_STATUS: Record<ThreeDsOutcome, (typeof THREE_DS_AUTHENTICATION_STATUSES)[number]> = {
  frictionless: 'Y',
  challenge_pending: 'C',
  challenge_completed: 'Y',
  challenge_failed: 'N',
};

/** authentication_data.three_ds (spec 2.3) in wire names, as the attempt stores it. */
export function threeDsData(outcome: ThreeDsOutcome) {
  const authenticated = outcome === 'frictionless' || outcome === 'challenge_completed';
  return {
    three_ds_version: '2.2.0',
    eci: authenticated ? '05' : '07',
    cavv: authenticated ? randomBytes(20).toString('base64') : '',
    three_ds_authentication_status: AUTHENTICATION_STATUS[outcome],
    three_ds_cancellation_reason: outcome === 'challenge_failed' ? 'authentication_failed' : '',
  };
}

/** client_secret (spec 2.1, 5.8): derived from the intent and its expiry, so only the expiry is stored. */
export const clientSecretOf = (key: Buffer, intentId: string, expiresAt: Date): string =>
  `${intentId}_secret_${keyed(key, 'client-secret', `${intentId}|${expiresAt.toISOString()}`)}`;
