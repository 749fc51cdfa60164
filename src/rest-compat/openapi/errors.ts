import type { z } from 'zod';
import type { Family } from '../../platform/errors/domain-error';
import { errorSchemas } from '../envelopes';

/** One documented error status: what it means and the bodies it may carry. */
export interface ErrorResponse {
  description: string;
  bodies: z.ZodType[];
}

/** Whether the route is behind x-auth-token and whether it takes a body (413 applies). */
export interface RouteTraits {
  authenticated: boolean;
  hasBody: boolean;
}

const { accountCenter, messageOnly, errorField, issuanceA, issuanceB } = errorSchemas;

/**
 * The error responses of a route of the family (spec 7.1 / 7.2), by status. `default` stands for
 * the statuses no route lists one by one: 404 and 405 (unknown path, wrong method).
 */
export function errorResponses(family: Family, route: RouteTraits): Record<string, ErrorResponse> {
  const when = <T>(cond: boolean, entries: Record<string, T>): Record<string, T> => (cond ? entries : {});
  if (family === 'issuance') {
    return {
      '400': { description: 'Invalid request, business rule or idempotency error: envelope A or B', bodies: [issuanceA, issuanceB] },
      ...when(route.authenticated, {
        '401': { description: 'Token expired or invalid, or malformed authorization header', bodies: [issuanceA, errorField] },
        '403': { description: 'API key lacks the permission (code forbidden)', bodies: [issuanceA] },
      }),
      ...when(route.hasBody, { '413': { description: 'Request body too large', bodies: [issuanceB] } }),
      '429': { description: 'Request is too frequent: a rate limit is spent (envelope B); Retry-After gives the seconds to wait', bodies: [issuanceB] },
      '500': { description: 'Internal error (type api_error); safe to retry with the same key', bodies: [issuanceA] },
      default: { description: 'Any other error of the card-issuance family (404, 405)', bodies: [issuanceA, issuanceB, errorField] },
    };
  }
  return {
    '400': {
      // The one public route is the token endpoint (AU1), whose refusals spec 7.1 lists apart.
      description: route.authenticated
        ? 'Validation, business rule, IP allow-list or idempotency error; branch on message. ' +
          '"Request is processing, please try again later." carries code 200.'
        : 'Credentials refused: Request parameters invalid, Invalid client id, Invalid api key, Api key expired, ' +
          'Entity config not exist, Api trading status error, IP not allowed, or Create access token error (retry)',
      bodies: [accountCenter],
    },
    ...when(route.authenticated, {
      '401': { description: 'Invalid authorization header', bodies: [errorField] },
      '403': { description: 'Authorization error: token missing or expired, x-client-id missing or not the token\'s', bodies: [accountCenter] },
    }),
    ...when(route.hasBody, { '413': { description: 'Request body too large', bodies: [accountCenter] } }),
    '429': { description: 'Request is too frequent: a rate limit is spent; Retry-After gives the seconds to wait', bodies: [accountCenter] },
    '500': { description: 'An internal error occurred, please try again later (no code field)', bodies: [messageOnly] },
    default: { description: 'Any other error of the account-center family (404 Not found, 405 Method not allowed)', bodies: [accountCenter] },
  };
}
