import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses payrail may call out to (webhook deliveries, authorization decisions): global
 * unicast addresses only, in every mode. A customer-supplied URL must not reach payrail's own
 * network (loopback, private, link-local cloud metadata such as 169.254.169.254, CGNAT,
 * unique-local, multicast, reserved) nor an address that carries one inside it (IPv4-compatible
 * `::a.b.c.d`, NAT64, 6to4, Teredo). The check runs on the address DNS returned, at connect time,
 * so a name that resolves to a refused address — or is re-pointed there after the URL was
 * accepted — is refused too.
 *
 * `allowLoopback` is the one exception, an explicit opt-in for local receivers in sandbox mode
 * (PAYRAIL_OUTBOUND_ALLOW_LOOPBACK, refused at start in production mode or on a non-loopback
 * listen address: src/config.ts).
 */
export interface AddressPolicy {
  allowLoopback: boolean;
}

/** IPv6's global unicast space (RFC 4291, IANA); anything outside it is not a destination. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether an address is global unicast. IPv4 (and IPv4-mapped IPv6, `::ffff:a.b.c.d`, judged as
 * the IPv4 address it is) outside every special-purpose range; IPv6 inside 2000::/3 and outside
 * every special-purpose range ipaddr.js names (6to4, Teredo, documentation, benchmarking, ORCHID,
 * AMT, AS112, ...). IPv4-compatible (`::/96`) and NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`) lie
 * outside 2000::/3.
 */
export function isGlobalUnicast(address: string): boolean {
  const parsed = parse(address);
  if (parsed === undefined || parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** Loopback: 127.0.0.0/8, ::1, and 127.0.0.0/8 mapped into IPv6. */
export function isLoopback(address: string): boolean {
  return parse(address)?.range() === 'loopback';
}

/**
 * An address in its standard text form only (a dotted quad, or IPv6), parsed after the WHATWG URL
 * parser wrote IPv6 in its canonical form: ipaddr.js reads the deprecated IPv4-compatible form
 * `::a.b.c.d` as if it were IPv4-mapped (`::ffff:a.b.c.d`), which would judge `::127.0.0.1` as
 * 127.0.0.1, whereas its canonical form `::7f00:1` is read for what it is. IPv4-mapped addresses
 * are then judged as the IPv4 address they carry. A zone index (`fe80::1%eth0`) is not an address
 * of the Internet: undefined.
 */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    if (net.isIPv4(address)) return ipaddr.IPv4.parse(address);
    if (!net.isIPv6(address)) return undefined;
    return ipaddr.process(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

/** Whether the policy lets a call reach this address. */
export const allows = (policy: AddressPolicy, address: string): boolean =>
  isGlobalUnicast(address) || (policy.allowLoopback && isLoopback(address));

/** Raised (through the socket) when DNS gave an address the policy refuses. */
export class RefusedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, which is not a global unicast address`);
    this.name = 'RefusedAddressError';
  }
}

/** A `lookup` for http.request that resolves as Node does, then refuses what the policy does not allow. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !allows(policy, a.address));
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
