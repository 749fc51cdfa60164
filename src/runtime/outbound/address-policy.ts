import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses payrail may call out to (webhook deliveries, authorization decisions). In
 * production mode only public unicast addresses: a customer-supplied URL must not reach payrail's
 * own network (loopback, private, link-local cloud metadata such as 169.254.169.254, CGNAT,
 * unique-local, multicast, reserved). The check runs on the address DNS returned, at connect time,
 * so a name that resolves to a private address — or is re-pointed there after the URL was
 * accepted — is refused too. The sandbox allows everything so local receivers work.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
}

/** IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Raised (through the socket) when DNS gave only addresses the policy refuses. */
export class RefusedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'RefusedAddressError';
  }
}

/** A `lookup` for http.request that resolves as Node does, then refuses non-public answers. */
export function guardedLookup(policy: AddressPolicy): LookupFunction | undefined {
  if (policy.allowPrivate) return undefined;
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address));
      if (refused || list.length === 0) {
        return callback(new RefusedAddressError(hostname, refused?.address ?? '(none)') as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The literal address of a URL's host, if it is one (Node skips `lookup` for those). */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}
