import { isIPv4 } from 'node:net';
import type { ActingAccount } from '../../../platform/context';
import { maySimulate } from '../../developers/sandbox/capabilities';
import { invalidField } from '../../../platform/validation/validate';

/**
 * Where a customer's browser is sent back after authentication (return_url, three_ds.return_url).
 * payrail redirects the browser there itself (the 3-D Secure page), so the address must be one a
 * browser opens as a page: https. `javascript:`, `data:` and other schemes would run in or replace
 * the page the customer trusts, and plain http hands the way back to anyone on the path. The one
 * exception is a developer's own machine: http to a loopback address, for sandbox accounts only.
 */
export const RETURN_URL_RULE = 'must be an https URL (http only to a loopback address, for sandbox accounts)';

export type ReturnUrlKind = 'https' | 'loopback_http' | 'refused';

const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));
};

/** What kind of return URL a value is; `max` bounds the work before a URL is parsed. */
export function returnUrlKind(value: string, max = 1024): ReturnUrlKind {
  if (value.length > max) return 'refused';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'refused';
  }
  // A user name or password in the address would show the customer a host that is not the one opened.
  if (url.hostname === '' || url.username !== '' || url.password !== '') return 'refused';
  if (url.protocol === 'https:') return 'https';
  return url.protocol === 'http:' && isLoopbackHost(url.hostname) ? 'loopback_http' : 'refused';
}

/** Whether payrail may send a browser to this stored return URL (a page that redirects checks again). */
export const isRedirectableReturnUrl = (value: string): boolean => returnUrlKind(value) !== 'refused';

/**
 * The account's half of the rule: a loopback http address passes the schema (returnUrlKind) but is
 * refused for a production account, naming the field as the schema would.
 */
export function requireReturnUrlsFor(acting: Pick<ActingAccount, 'isSandbox'>, fields: Record<string, string | null | undefined>): void {
  if (maySimulate(acting)) return;
  for (const [field, value] of Object.entries(fields)) {
    if (value && returnUrlKind(value) === 'loopback_http') throw invalidField(field, RETURN_URL_RULE);
  }
}
