import net from 'node:net';

/** Parses "10.0.0.0/8", "2001:db8::/32" or a bare address; returns undefined when invalid. */
export function parseCidr(value: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address, prefixText, extra] = value.trim().split('/');
  if (!address || extra !== undefined) return undefined;
  const version = net.isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || prefix < 0 || prefix > max) return undefined;
  return { address, prefix, family };
}

/** IPv4 clients reached over a dual-stack socket show up as ::ffff:a.b.c.d. */
function normalise(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const version = net.isIP(address);
  if (version === 0) return undefined;
  return { address, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** An empty allow-list admits every address (the key has no IP restriction). */
export function isIpAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const client = normalise(ip);
  if (!client) return false;
  const blocks = new net.BlockList();
  for (const entry of allowList) {
    const cidr = parseCidr(entry);
    if (cidr) blocks.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return blocks.check(client.address, client.family);
}
