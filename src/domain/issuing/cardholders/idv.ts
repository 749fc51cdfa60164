import type { Cardholder } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import { isUuid } from '../../../platform/ids/ids';
import { keyed, paymentKey, sameText } from '../../acquiring/payments/secrets';

/**
 * The sandbox's identity-verification page for kyc_verification in redirect mode
 * (src/rest-compat/issuing/cardholders/idv-page.ts). The browser holds no API credentials, so the link
 * carries its own proof: the cardholder id and a MAC over it and the link's expiry, keyed with the
 * platform's key (the one the 3-D Secure links use). It is single-use: it works only while the
 * cardholder's identity check is PENDING in redirect mode, and answering it ends that state; a new
 * check (CI17 with kyc_verification) gets a new expiry, so older links die with it.
 */
export const IDV_PATH = '/issuing/idv';

const macOf = (key: Buffer, cardholderId: string, expiresAt: Date) => keyed(key, 'cardholder-idv', `${cardholderId}|${expiresAt.toISOString()}`);

/** True when the row has a live link: a redirect check still pending. */
export const hasLiveLink = (c: Pick<Cardholder, 'kycMethod' | 'idvStatus' | 'idvUrlExpiresAt'>): boolean =>
  c.kycMethod === 'REDIRECT' && c.idvStatus === 'PENDING' && c.idvUrlExpiresAt !== null;

/** The page path of a cardholder's live link, or null when none is live. */
export async function idvPathOf(db: Database, c: Cardholder): Promise<string | null> {
  if (!hasLiveLink(c)) return null;
  return `${IDV_PATH}/${c.id}.${macOf(await paymentKey(db), c.id, c.idvUrlExpiresAt!)}`;
}

/** Splits a token into the cardholder id and a check of its MAC against the row's expiry. */
export function parseIdvToken(token: string): { cardholderId: string; verify: (key: Buffer, expiresAt: Date) => boolean } | undefined {
  const [cardholderId, mac, ...rest] = token.split('.');
  if (rest.length || !cardholderId || !mac || !isUuid(cardholderId)) return undefined;
  return { cardholderId, verify: (key, expiresAt) => sameText(mac, macOf(key, cardholderId, expiresAt)) };
}
