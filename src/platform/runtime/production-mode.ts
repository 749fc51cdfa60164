import type { Config } from '../../config';

/**
 * Whether the developer tools are open to anyone who reaches the port: GraphiQL, /docs, GraphQL
 * introspection, /api/openapi.json and /metrics. In sandbox mode they are; in production GraphiQL
 * and /docs are not served, the schema documents need a valid token, and metrics are served only on
 * their own listener (PAYRAIL_METRICS_PORT).
 */
export const toolsAreOpen = (config: Pick<Config, 'mode'>): boolean => config.mode === 'sandbox';
