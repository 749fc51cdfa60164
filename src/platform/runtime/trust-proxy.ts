import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whose X-Forwarded-For payrail believes (PAYRAIL_TRUST_PROXY). The caller's address decides the
 * API keys' IP allow-lists, so "every hop" (`true`) is not offered: with it, any client could name
 * an allowed address in the header and pass.
 * - `hops`: the nearest N addresses are payrail's own proxies (each appends the address it saw).
 *   Sound only when payrail cannot be reached except through them.
 * - `ranges`: addresses or CIDR blocks of payrail's proxies; the header is read only as far as
 *   each hop came from one of them.
 */
export type TrustProxySetting = false | { hops: number } | { ranges: string[] };

/** proxy-addr's trust test: may the address at this hop (0: the socket's peer) be believed? */
export type ProxyTrust = (address: string, hop: number) => boolean;

const OFF = new Set(['false', 'no', '0']);
const EVERY_HOP = new Set(['true', 'yes']);
const MAX_HOPS = 10;

/** Parses PAYRAIL_TRUST_PROXY; throws an Error whose message says what to set instead. */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || OFF.has(value)) return false;
  if (EVERY_HOP.has(value)) {
    throw new Error(
      `PAYRAIL_TRUST_PROXY=${raw} would believe an X-Forwarded-For header from anyone (and with it, pass IP allow-lists); ` +
        'give the number of proxies in front of payrail (1) or their addresses (10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d{1,3}$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`PAYRAIL_TRUST_PROXY: at most ${MAX_HOPS} proxy hops`);
    return { hops };
  }
  const ranges = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const range of ranges) {
    try {
      proxyAddr.compile(range);
    } catch {
      throw new Error(`PAYRAIL_TRUST_PROXY: ${JSON.stringify(range)} is neither a hop count nor an IP address or CIDR block`);
    }
  }
  return { ranges };
}

/** The trust test Fastify (req.ip) and the WebSocket upgrade share; false when no proxy is trusted. */
export function proxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(setting.ranges);
}

/** The caller's address of a raw request, exactly as Fastify's req.ip computes it with the same trust. */
export function callerAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  if (trust === false) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
