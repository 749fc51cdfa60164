import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export interface MetricsListener {
  /** `http://host:port`, the port as the OS gave it when 0 was asked. */
  base: string;
  close(): Promise<void>;
}

/**
 * /metrics on a listener of its own (PAYRAIL_METRICS_HOST, PAYRAIL_METRICS_PORT): what an operator's
 * Prometheus scrapes on a private address, while the public listener serves no metrics in production.
 * It answers GET /metrics and nothing else, and holds no credentials: its address is its protection.
 */
export async function startMetricsListener(metrics: Metrics, at: { host: string; port: number }): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return {
    base: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
