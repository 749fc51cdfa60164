import type { Config } from '../../config';

/** What a link origin is read from, when none is configured (Fastify's request has both). */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/**
 * The origin every link to payrail's own pages and downloads is built on (3-D Secure and identity
 * pages, file download links): PAYRAIL_PUBLIC_BASE_URL when set — always in production — so a
 * request's Host header cannot point a customer's browser elsewhere. A sandbox without it links on
 * the request's own scheme and Host, which is what a local sandbox is reached by.
 */
export function linkOrigin(config: Pick<Config, 'publicBaseUrl'>): (req: RequestOrigin) => string {
  const configured = config.publicBaseUrl;
  return configured !== undefined ? () => configured : (req) => `${req.protocol}://${req.host}`;
}
