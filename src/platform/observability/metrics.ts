import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one app instance (a registry each, so tests can build many apps). */
export interface Metrics {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** GraphQL subscriptions (graphql-ws) open on this process right now. */
  setLiveSubscribers(n: number): void;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'payrail_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'payrail_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveSubscribers = new Gauge({
    name: 'payrail_live_subscribers',
    help: 'GraphQL event subscriptions open on this process',
    registers: [registry],
  });
  return {
    registry,
    setLiveSubscribers: (n) => liveSubscribers.set(n),
    observeRequest({ method, route, status }, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
  };
}
