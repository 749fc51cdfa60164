import net from 'node:net';

/**
 * A loopback port that refuses connections for as long as it is held. A port closed after a
 * `listen(0)` is free for anyone to take again; this one stays taken: it is the local end of a
 * connection kept open to a throwaway listener, so no other socket can bind it, and since nothing
 * listens on it, a connection to it is refused.
 */
export async function refusingPort(): Promise<{ port: number; release(): Promise<void> }> {
  const accepted: net.Socket[] = [];
  const listener = net.createServer((s) => accepted.push(s));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const client = net.connect({ host: '127.0.0.1', port: (listener.address() as net.AddressInfo).port });
  await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('error', reject));
  return {
    port: client.localPort!,
    release: async () => {
      client.destroy();
      for (const s of accepted) s.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/**
 * A TCP relay on a port of its own, for a server that goes away and comes back at the same address:
 * `to(port)` relays new connections there, `down()` resets every open connection and every new one
 * until the next `to`. The address stays the relay's, so no test assumes a closed port is still free.
 */
export interface Relay {
  port: number;
  to(port: number): void;
  down(): void;
  close(): Promise<void>;
}

export async function relay(target: number): Promise<Relay> {
  let to: number | undefined = target;
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((inbound) => {
    track(inbound);
    if (to === undefined) return void inbound.resetAndDestroy();
    const outbound = net.connect({ host: '127.0.0.1', port: to });
    track(outbound);
    inbound.pipe(outbound).pipe(inbound);
    inbound.once('close', () => outbound.destroy());
    outbound.once('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    to: (port) => {
      to = port;
    },
    down: () => {
      to = undefined;
      for (const s of open) s.resetAndDestroy();
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
